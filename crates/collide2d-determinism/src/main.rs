//! Prints the determinism hash, and exits 1 unless it is `expected.hash`'s.

fn main() {
    let got = collide2d_determinism::hash();
    let want = collide2d_determinism::EXPECTED.trim();
    let [queries, sprites, world] = collide2d_determinism::parts();
    println!("{got} (queries {queries:016x}, sprites {sprites:016x}, world {world:016x})");
    if got != want {
        eprintln!("collide2d-determinism: {got} is not the expected {want}");
        std::process::exit(1);
    }
}

//! The hash is the checked-in one; `UPDATE_HASH=1 cargo test -p collide2d-determinism` writes a
//! changed one (say why in the commit).

#[test]
fn same_inputs_give_the_same_bits() {
    let got = collide2d_determinism::hash();
    if std::env::var_os("UPDATE_HASH").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("expected.hash");
        std::fs::write(path, format!("{got}\n")).expect("expected.hash is written");
        return;
    }
    assert_eq!(got, collide2d_determinism::EXPECTED.trim(), "the answers' bits changed");
}

//! Writes a few demo frames as PNGs (to look at the renderer without a window):
//! `cargo run -p collide2d-render --example demo_frames -- OUT_DIR`.

use collide2d_render::demo::{Demo, Key, Pair};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let mut demo = Demo::new(800, 500);
    let keys = [
        Key::Show(Pair::Circles),
        Key::Show(Pair::Boxes),
        Key::Show(Pair::Oriented),
        Key::Show(Pair::Polygons),
        Key::Show(Pair::Traced),
    ];
    for (i, key) in keys.into_iter().enumerate() {
        demo.key(key);
        demo.wheel(3.0);
        let near = demo.fixed_position() + collide2d::Vec2::new(2.2, 0.8);
        demo.place_moving(near);
        let png = demo.render().encode_png().expect("encodes");
        std::fs::write(format!("{dir}/demo_{i}_{key:?}.png"), png).expect("writes");
    }
}

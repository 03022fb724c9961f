//! The desktop demo: the shared demo state of `collide2d-render` in a `minifb` window (X11).
//!
//! Keys: C circles, R axis-aligned boxes, O oriented boxes, P concave polygons, T traced
//! sprites, B sprite bitmasks, D next detector, SPACE automatic movement, K the character mode
//! (LEFT and RIGHT run, UP jumps; K again or a pair key leaves it), ESC quit. The character mode
//! plays on a Tiled map, `assets/level.tmx` (built in) or the `--map` given, loaded with the
//! library's loader; the view follows the capsule across it. Drag the moving
//! shape (or the capsule) with the mouse; the wheel turns it.
//!
//! For tests and screenshots: `--frames N` quits after N frames, each then counting as 1/60 s
//! whatever the clock says (so that a run is repeatable), `--place X,Y` puts the moving shape at
//! a world point first, `--keys CRO…` presses keys first, `--hold left,right,up` holds arrow
//! keys from the start, `--screenshot FILE.png` saves the last frame shown, `--map FILE.tmx`
//! (or `.tmj`) plays the character mode on another map.

use std::path::PathBuf;
use std::time::Instant;

use collide2d::Vec2;
use collide2d_render::demo::character::STEP;
use collide2d_render::demo::{Arrow, Demo, Key};
use minifb::{KeyRepeat, MouseButton, MouseMode, Window, WindowOptions};

const WIDTH: usize = 800;
const HEIGHT: usize = 500;

#[derive(Default)]
struct Options {
    frames: Option<u64>,
    place: Option<Vec2>,
    keys: String,
    hold: Vec<Arrow>,
    screenshot: Option<String>,
    map: Option<PathBuf>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--frames" => o.frames = Some(value()?.parse().map_err(|e| format!("--frames: {e}"))?),
            "--place" => {
                let v = value()?;
                let (x, y) = v.split_once(',').ok_or("--place takes X,Y")?;
                let num = |s: &str| s.trim().parse::<f32>().map_err(|e| format!("--place: {e}"));
                o.place = Some(Vec2::new(num(x)?, num(y)?));
            }
            "--keys" => o.keys = value()?,
            "--hold" => {
                let v = value()?;
                let arrows = v.split(',').map(|a| match a.trim() {
                    "left" => Ok(Arrow::Left),
                    "right" => Ok(Arrow::Right),
                    "up" => Ok(Arrow::Up),
                    other => Err(format!("--hold: {other} is not left, right or up")),
                });
                o.hold = arrows.collect::<Result<_, _>>()?;
            }
            "--screenshot" => o.screenshot = Some(value()?),
            "--map" => o.map = Some(value()?.into()),
            "-h" | "--help" => {
                println!(
                    "collide2d-demo [--frames N] [--place X,Y] [--keys CROPTBDK ] [--hold left,right,up] [--screenshot FILE.png] [--map FILE.tmx]"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(o)
}

fn window_key(k: minifb::Key) -> Option<Key> {
    use minifb::Key as K;
    match k {
        K::C => Key::from_letter('C'),
        K::R => Key::from_letter('R'),
        K::O => Key::from_letter('O'),
        K::P => Key::from_letter('P'),
        K::T => Key::from_letter('T'),
        K::B => Key::from_letter('B'),
        K::D => Key::from_letter('D'),
        K::K => Key::from_letter('K'),
        K::Space => Key::from_letter(' '),
        K::Left => Some(Key::Arrow(Arrow::Left)),
        K::Right => Some(Key::Arrow(Arrow::Right)),
        K::Up => Some(Key::Arrow(Arrow::Up)),
        _ => None,
    }
}

/// The picture as minifb wants it: one `0RGB` word a pixel (the demo's background is opaque).
fn to_words(rgba: &[u8], out: &mut [u32]) {
    for (px, word) in rgba.chunks_exact(4).zip(out.iter_mut()) {
        *word = (px[0] as u32) << 16 | (px[1] as u32) << 8 | px[2] as u32;
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("collide2d-demo: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let options = parse_args()?;
    let mut demo = Demo::new(WIDTH as u32, HEIGHT as u32);
    let map = options.map.as_deref();
    let level = collide2d_demo::character(map).map_err(|e| match map {
        Some(p) => format!("{}: {e}", p.display()),
        None => format!("the built-in level: {e}"),
    })?;
    demo.set_character(level);
    options.keys.chars().filter_map(Key::from_letter).for_each(|k| demo.key(k));
    options.hold.iter().for_each(|&a| demo.key(Key::Arrow(a)));
    if let Some(p) = options.place {
        demo.place_moving(p);
    }
    let mut window =
        Window::new("collide2d demo", WIDTH, HEIGHT, WindowOptions::default()).map_err(|e| e.to_string())?;
    window.set_target_fps(60);
    let mut buffer = vec![0u32; WIDTH * HEIGHT];
    let mut last = Instant::now();
    let mut was_down = false;
    let mut frame = 0u64;
    while window.is_open() && !window.is_key_down(minifb::Key::Escape) {
        for k in window.get_keys_pressed(KeyRepeat::No) {
            if let Some(k) = window_key(k) {
                demo.key(k);
            }
        }
        for k in window.get_keys_released() {
            if let Some(k) = window_key(k) {
                demo.key_released(k);
            }
        }
        let down = window.get_mouse_down(MouseButton::Left);
        if let Some((x, y)) = window.get_mouse_pos(MouseMode::Discard) {
            let at = Vec2::new(x, y);
            match (was_down, down) {
                (false, true) => demo.pointer_down(at),
                (true, true) => demo.pointer_move(at),
                (true, false) => demo.pointer_up(),
                _ => {}
            }
        }
        was_down = down;
        if let Some((_, dy)) = window.get_scroll_wheel() {
            demo.wheel(dy);
        }
        let now = Instant::now();
        demo.tick(if options.frames.is_some() { STEP } else { (now - last).as_secs_f32() });
        last = now;
        let picture = demo.render();
        to_words(picture.rgba(), &mut buffer);
        window.update_with_buffer(&buffer, WIDTH, HEIGHT).map_err(|e| e.to_string())?;
        frame += 1;
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                std::fs::write(path, picture.encode_png()?).map_err(|e| format!("{path}: {e}"))?;
            }
            break;
        }
    }
    Ok(())
}

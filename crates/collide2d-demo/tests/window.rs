//! The real window under Xvfb: the demo runs a few seconds in a colliding and in a separated
//! state, and what the X server shows (grabbed with `xwd`) is red in the first and green in the
//! second; and in the character mode (K) with RIGHT held, the screen shows the level (the
//! shipped Tiled map) and the last frame the capsule where the window-free demo puts it, the
//! view having followed it. `.ci/run` installs `xvfb` and
//! `x11-apps`; elsewhere the tests are skipped (with a note) when they are missing.

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

use collide2d_render::demo::character::STEP;
use collide2d_render::demo::{Arrow, Demo, Key};
use image::RgbaImage;

fn have(tool: &str) -> bool {
    Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|o| o.status.success())
}

/// Reds and greens among the screen's pixels, from an XWD dump (32 bits a pixel, as Xvfb at
/// depth 24 writes it).
fn count_colours(xwd: &[u8]) -> (usize, usize) {
    let field = |i: usize| u32::from_be_bytes(xwd[i * 4..i * 4 + 4].try_into().unwrap()) as usize;
    let (header, height, byte_order, bpp, line, ncolors) =
        (field(0), field(5), field(7), field(11), field(12), field(19));
    assert_eq!(bpp, 32, "xwd bits per pixel");
    let data = &xwd[header + ncolors * 12..];
    let (mut red, mut green) = (0, 0);
    for row in data.chunks_exact(line).take(height) {
        for px in row.chunks_exact(4) {
            let word = if byte_order == 0 {
                u32::from_le_bytes(px.try_into().unwrap())
            } else {
                u32::from_be_bytes(px.try_into().unwrap())
            };
            let (r, g, b) = ((word >> 16) & 255, (word >> 8) & 255, word & 255);
            if r > g + 40 && r > b + 40 {
                red += 1;
            } else if g > r + 30 && g > b + 20 {
                green += 1;
            }
        }
    }
    (red, green)
}

/// Runs the demo for 150 frames with `args` under Xvfb: the reds and greens on the screen after
/// 1.5 s, and the last frame.
fn run_window(name: &str, args: &str, dir: &Path) -> ((usize, usize), RgbaImage) {
    // One at a time: `xvfb-run -a` started twice at once may pick the same display.
    static XVFB: Mutex<()> = Mutex::new(());
    let _one = XVFB.lock().unwrap_or_else(|e| e.into_inner());
    let shot = dir.join(format!("frame-{name}.png"));
    let dump = dir.join(format!("screen-{name}.xwd"));
    let script = format!(
        "\"{bin}\" --frames 150 {args} --screenshot \"{shot}\" & pid=$!; sleep 1.5; xwd -root -silent > \"{dump}\"; wait $pid",
        bin = env!("CARGO_BIN_EXE_collide2d-demo"),
        shot = shot.display(),
        dump = dump.display(),
    );
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1024x768x24", "sh", "-c", &script])
        .output()
        .expect("xvfb-run runs");
    assert!(out.status.success(), "demo under xvfb failed: {}", String::from_utf8_lossy(&out.stderr));
    let screen = count_colours(&std::fs::read(&dump).expect("xwd wrote the screen"));
    (screen, image::open(&shot).expect("the demo saved its last frame").into_rgba8())
}

/// Reds and greens in a frame.
fn count_frame(frame: &RgbaImage) -> (usize, usize) {
    let (mut red, mut green) = (0, 0);
    for p in frame.pixels() {
        let [r, g, b, _] = p.0.map(i32::from);
        red += usize::from(r > g + 40 && r > b + 40);
        green += usize::from(g > r + 30 && g > b + 20);
    }
    (red, green)
}

/// A folder for the screenshots when the tools are there; `None` (skip the test) when they are
/// not, outside CI.
fn screenshot_dir() -> Option<tempfile::TempDir> {
    if !(have("xvfb-run") && have("xwd")) {
        assert!(std::env::var_os("CI").is_none(), "CI must install xvfb and x11-apps (see .ci/run)");
        eprintln!("skipped: xvfb-run or xwd missing (apt-get install xvfb x11-apps)");
        return None;
    }
    Some(tempfile::tempdir().unwrap())
}

#[test]
fn window_turns_red_when_the_shapes_collide_and_green_when_apart() {
    let Some(dir) = screenshot_dir() else { return };
    // The fixed disc sits at (6, 5.5): on top of it, then far away in a corner.
    let (screen, frame) = run_window("colliding", "--place 6.5,5.8", dir.path());
    let frame = count_frame(&frame);
    assert!(screen.0 > 2000 && screen.1 < 50, "colliding: the screen should be red, got (red, green) = {screen:?}");
    assert!(frame.0 > 2000 && frame.1 < 50, "colliding frame: {frame:?}");
    let (screen, frame) = run_window("apart", "--place 14,2", dir.path());
    let frame = count_frame(&frame);
    assert!(screen.1 > 2000 && screen.0 < 50, "apart: the screen should be green, got (red, green) = {screen:?}");
    assert!(frame.1 > 2000 && frame.0 < 50, "apart frame: {frame:?}");
}

#[test]
fn k_and_the_right_arrow_run_the_capsule_through_the_level() {
    let Some(dir) = screenshot_dir() else { return };
    let (screen, frame) = run_window("character", "--keys K --hold right", dir.path());
    // The level shows, what the capsule stands on red and the rest green (a pair is one colour).
    assert!(screen.0 > 2000 && screen.1 > 2000, "the character mode's level: (red, green) = {screen:?}");
    // 150 steps of 1/60 s: the last frame is the window-free demo's after the same keys.
    let mut demo = Demo::new(800, 500);
    demo.set_character(collide2d_demo::character(None).expect("the shipped level loads"));
    demo.key(Key::ToggleCharacter);
    let start = demo.view().to_pixel(demo.moving_position());
    demo.key(Key::Arrow(Arrow::Right));
    (0..150).for_each(|_| demo.tick(STEP));
    let at = demo.view().to_pixel(demo.moving_position());
    assert!(at.x > start.x + 300.0, "the capsule ran right: from {start} to {at}");
    assert!(demo.view().center.x > 10.0, "the view followed it: {:?}", demo.view());
    let bad_map = Command::new(env!("CARGO_BIN_EXE_collide2d-demo")).args(["--map", "nowhere.tmx"]).output().unwrap();
    assert_eq!(bad_map.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_map.stderr).contains("nowhere.tmx"));
    let colour = |p: collide2d::Vec2| frame.get_pixel(p.x as u32, p.y as u32).0;
    assert_eq!(colour(start), [250, 250, 246, 255], "the capsule left where it started");
    let [r, g, b, _] = colour(at).map(i32::from);
    assert!(r > g + 40 && r > b + 40, "the capsule, touching the hill, is red where the demo says: {:?}", colour(at));
    assert!(frame.as_raw() == demo.render().rgba(), "the window's last frame is the window-free demo's");
}

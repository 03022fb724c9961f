//! The real window under Xvfb: the demo runs a few seconds in a colliding and in a separated
//! state, and what the X server shows (grabbed with `xwd`) is red in the first and green in the
//! second. `.ci/run` installs `xvfb` and `x11-apps`; elsewhere the test is skipped (with a note)
//! when they are missing.

use std::path::Path;
use std::process::Command;

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

fn run_window(place: &str, dir: &Path) -> ((usize, usize), (usize, usize)) {
    let shot = dir.join(format!("frame-{place}.png"));
    let dump = dir.join(format!("screen-{place}.xwd"));
    let script = format!(
        "\"{bin}\" --frames 150 --place {place} --screenshot \"{shot}\" & pid=$!; sleep 1.5; xwd -root -silent > \"{dump}\"; wait $pid",
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
    let frame = image::open(&shot).expect("the demo saved its last frame").into_rgba8();
    let (mut red, mut green) = (0, 0);
    for p in frame.pixels() {
        let [r, g, b, _] = p.0.map(i32::from);
        red += usize::from(r > g + 40 && r > b + 40);
        green += usize::from(g > r + 30 && g > b + 20);
    }
    (screen, (red, green))
}

#[test]
fn window_turns_red_when_the_shapes_collide_and_green_when_apart() {
    if !(have("xvfb-run") && have("xwd")) {
        assert!(std::env::var_os("CI").is_none(), "CI must install xvfb and x11-apps (see .ci/run)");
        eprintln!("skipped: xvfb-run or xwd missing (apt-get install xvfb x11-apps)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The fixed disc sits at (6, 5.5): on top of it, then far away in a corner.
    let (screen, frame) = run_window("6.5,5.8", dir.path());
    assert!(screen.0 > 2000 && screen.1 < 50, "colliding: the screen should be red, got (red, green) = {screen:?}");
    assert!(frame.0 > 2000 && frame.1 < 50, "colliding frame: {frame:?}");
    let (screen, frame) = run_window("14,2", dir.path());
    assert!(screen.1 > 2000 && screen.0 < 50, "apart: the screen should be green, got (red, green) = {screen:?}");
    assert!(frame.1 > 2000 && frame.0 < 50, "apart frame: {frame:?}");
}

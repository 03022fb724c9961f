//! The built command on sample scenes: reports, exit codes, error messages for each kind of bad
//! input, and the colours of rendered pictures.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn collide2d(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide2d")).args(args).output().expect("the command runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scene file in a fresh temporary folder.
fn scene(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.json");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Two overlapping discs on the left, a box alone on the right; y down, 0..20 × 0..10.
const SIMPLE: &str = r#"{
  "colliders": [
    { "name": "left", "shape": { "kind": "circle", "center": [3, 5], "radius": 2 } },
    { "name": "right", "shape": { "kind": "circle", "center": [6, 5], "radius": 2 } },
    { "name": "box", "shape": { "kind": "aabb", "min": [15, 3], "max": [19, 7] } }
  ]
}"#;

#[test]
fn check_reports_the_colliding_pair_with_depth_normal_and_point() {
    let (_dir, path) = scene(SIMPLE);
    let out = collide2d(&["check", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("1 colliding pairs of 3"), "{text}");
    let row = text.lines().find(|l| l.starts_with("left")).expect("a row for left/right");
    assert!(row.contains("right") && row.contains("1.0000") && row.contains("( 1.000,  0.000)"), "{row}");
    assert!(text.contains("detector: exact") && text.contains("normal (a to b)  contact points"), "{text}");
    // With nothing colliding, no table header either.
    let (_d2, apart) = scene(r#"{"colliders": [{"name": "a", "shape": {"kind": "point", "at": [0, 0]}}]}"#);
    let text = stdout(&collide2d(&["check", s(&apart)]));
    assert!(text.contains("0 colliding pairs") && !text.contains("normal (a to b)"), "{text}");
}

#[test]
fn check_json_is_machine_readable_and_fail_on_collision_exits_1() {
    let (_dir, path) = scene(SIMPLE);
    let out = collide2d(&["check", s(&path), "--json", "--fail-on-collision"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let pairs = report["colliding"].as_array().unwrap();
    assert_eq!(pairs.len(), 1);
    assert_eq!((pairs[0]["a"].as_str(), pairs[0]["b"].as_str()), (Some("left"), Some("right")));
    assert_eq!(pairs[0]["contact"]["depth"].as_f64(), Some(1.0));
    assert_eq!(pairs[0]["contact"]["points"][0][0].as_f64(), Some(4.5));
    // Nothing colliding: exit 0 even with the flag.
    let (_d2, apart) = scene(r#"{"colliders": [{"name": "a", "shape": {"kind": "point", "at": [0, 0]}}]}"#);
    assert_eq!(collide2d(&["check", s(&apart), "--fail-on-collision"]).status.code(), Some(0));
}

#[test]
fn approximate_detectors_report_more_pairs_and_say_the_shapes_do_not_touch() {
    // A diamond and a disc near its corner: boxes overlap, shapes do not.
    let (_dir, path) = scene(
        r#"{"colliders": [
          {"name": "diamond", "shape": {"kind": "obb", "half_extents": [1, 1], "rotation_deg": 45}},
          {"name": "ball", "shape": {"kind": "circle", "center": [1.3, 1.3], "radius": 0.3}}]}"#,
    );
    let exact = stdout(&collide2d(&["check", s(&path)]));
    assert!(exact.contains("0 colliding pairs of 1"), "{exact}");
    let boxes = stdout(&collide2d(&["check", s(&path), "--detector", "bounding-boxes"]));
    assert!(boxes.contains("1 colliding pairs of 1") && boxes.contains("approximate"), "{boxes}");
    // The tiered test sees every collider as its rectangle: the ball's square reaches the diamond.
    let tiered = stdout(&collide2d(&["check", s(&path), "--detector", "tiered-sat"]));
    assert!(tiered.contains("1 colliding pairs") && tiered.contains("approximate"), "{tiered}");
    assert!(tiered.contains("detector: tiered, level 2 (SAT)"), "{tiered}");
    // The tiered test places each collider's local rectangle by its transform: moved apart by
    // their transforms, the same two are apart.
    let (_d, moved) = scene(
        r#"{"colliders": [
          {"name": "diamond", "shape": {"kind": "obb", "half_extents": [1, 1], "rotation_deg": 45}},
          {"name": "ball", "shape": {"kind": "circle", "center": [1.3, 1.3], "radius": 0.3},
           "transform": {"translation": [10, 0]}}]}"#,
    );
    let apart = stdout(&collide2d(&["check", s(&moved), "--detector", "tiered-sat"]));
    assert!(apart.contains("0 colliding pairs"), "{apart}");
    // A plus sign: no corner inside, so level 1 misses what level 2 finds.
    let (_d, plus) = scene(
        r#"{"colliders": [
          {"name": "bar", "shape": {"kind": "aabb", "min": [-3, -0.5], "max": [3, 0.5]}},
          {"name": "post", "shape": {"kind": "aabb", "min": [-0.5, -3], "max": [0.5, 3]}}]}"#,
    );
    let corners = stdout(&collide2d(&["check", s(&plus), "--detector", "tiered-corners"]));
    assert!(corners.contains("0 colliding pairs"), "{corners}");
    let sat = stdout(&collide2d(&["check", s(&plus), "--detector", "tiered-sat"]));
    assert!(sat.contains("1 colliding pairs"), "{sat}");
}

#[test]
fn the_built_in_demo_scene_needs_no_file() {
    let out = collide2d(&["check"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for pair in ["ball_a   ball_b", "crate    tilted", "u_shape  pebble", "slime    coin", "frame    wire"] {
        assert!(text.contains(pair), "{pair} missing from\n{text}");
    }
    assert!(!text.contains("marble") && !text.contains("probe"), "shapes in a hole or notch do not collide:\n{text}");
}

/// Runs a failing command and checks: exit code 2, one line on stderr containing `needle`.
fn fails_with(args: &[&str], needle: &str) {
    let out = collide2d(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{args:?}: expected {needle:?} in {err}");
}

#[test]
fn bad_input_gives_one_line_exit_2_and_leaves_no_picture() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    let missing = dir.path().join("missing.json");
    fails_with(&["render", s(&missing), "-o", s(&out)], "missing.json");
    let (_d, malformed) = scene("{\n  \"colliders\": [\n    { \"name\": \"a\", }\n  ]\n}");
    fails_with(&["check", s(&malformed)], "scene.json:3:");
    let (_d, unknown) = scene(r#"{"colliders": [{"name": "a", "shape": {"kind": "hexagon"}}]}"#);
    fails_with(&["check", s(&unknown)], "unknown variant `hexagon`");
    let (_d, invalid) = scene(r#"{"colliders": [{"name": "wheel", "shape": {"kind": "circle", "radius": -1}}]}"#);
    fails_with(&["render", s(&invalid), "-o", s(&out)], "collider \"wheel\": Circle: radius must be positive");
    let (_d, cycle) = scene(
        r#"{"colliders": [
          {"name": "a", "parent": "b", "shape": {"kind": "point", "at": [0, 0]}},
          {"name": "b", "parent": "a", "shape": {"kind": "point", "at": [0, 0]}}]}"#,
    );
    fails_with(&["render", s(&cycle), "-o", s(&out)], "parent cycle: a -> b -> a");
    let (d, broken_png) = scene(r#"{"colliders": [{"name": "s", "shape": {"kind": "traced", "path": "bad.png"}}]}"#);
    std::fs::write(d.path().join("bad.png"), b"not a png").unwrap();
    fails_with(&["render", s(&broken_png), "-o", s(&out)], "bad.png");
    // A picture too large to allocate is refused up front, not attempted.
    let huge = collide2d(&["render", "--width", "60000", "-o", s(&out)]);
    assert_eq!(huge.status.code(), Some(2));
    assert!(stderr(&huge).contains("60000"), "{}", stderr(&huge));
    assert!(!out.exists(), "no picture after a failure");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(leftovers.is_empty(), "no temporary files left: {leftovers:?}");
}

#[test]
fn render_paints_colliding_shapes_red_and_the_others_green() {
    let (dir, path) = scene(SIMPLE);
    let out = dir.path().join("pic.png");
    let args = ["render", s(&path), "-o", s(&out), "--width", "400", "--height", "240", "--no-labels"];
    let run = collide2d(&args);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let img = image::open(&out).unwrap().into_rgba8();
    assert_eq!(img.dimensions(), (400, 240));
    // The scene spans x 1..19, y 3..7; find where world points land by scanning for the fills:
    // the left disc's centre is left of the middle, the box's centre right of it.
    let colour_at = |fx: f32| {
        let x = (fx * 400.0) as u32;
        let y = 20 + (240 - 20) / 2; // the drawing sits below the legend band
        img.get_pixel(x, y).0
    };
    let disc = colour_at(0.17);
    let square = colour_at(0.88);
    assert!(disc[0] > disc[1] + 60, "left disc should be red: {disc:?}");
    assert!(square[1] > square[0] + 40, "the box should be green: {square:?}");
}

/// Each `--no-*` flag of `render` turns off its overlay, and only its: the legend (text in the
/// top band), the labels, the contact dots and the push-out arrows are the picture's only
/// near-black pixels (the shapes are red and green on a pale background).
#[test]
fn each_render_overlay_flag_turns_off_its_own_overlay() {
    let (dir, path) = scene(SIMPLE);
    let out = dir.path().join("pic.png");
    // Near-black pixels, in the top band (rows 0 to 20) and below it.
    let dark = |flags: &[&str]| {
        let mut args = vec!["render", s(&path), "-o", s(&out), "--width", "400", "--height", "240"];
        args.extend_from_slice(flags);
        let run = collide2d(&args);
        assert_eq!(run.status.code(), Some(0), "{flags:?}: {}", stderr(&run));
        let img = image::open(&out).unwrap().into_rgba8();
        let (mut band, mut below) = (0, 0);
        for (_, y, p) in img.enumerate_pixels() {
            if p.0[..3].iter().all(|c| *c < 80) {
                *(if y < 20 { &mut band } else { &mut below }) += 1;
            }
        }
        (band, below)
    };
    assert!(dark(&[]).0 > 0, "the legend by default");
    assert_eq!(dark(&["--no-legend"]).0, 0, "no legend");
    let none = ["--no-legend", "--no-labels", "--no-contacts", "--no-arrows"];
    assert_eq!(dark(&none), (0, 0), "nothing dark with every overlay off");
    let without = |flag: &str| dark(&none.iter().copied().filter(|f| *f != flag).collect::<Vec<_>>()).1;
    assert!(without("--no-labels") > 0, "the labels by default");
    assert!(without("--no-contacts") > 0, "the contact dots by default");
    assert!(without("--no-arrows") > 0, "the push-out arrows by default");
}

#[test]
fn the_trace_overlay_outline_shows_on_a_bright_yellow_sprite() {
    // A yellow disc the colour of the outline itself, on a transparent square.
    let dir = tempfile::tempdir().unwrap();
    let (sprite, overlay) = (dir.path().join("sun.png"), dir.path().join("overlay.png"));
    let inside = |x: u32, y: u32| (x as i32 - 32).pow(2) + (y as i32 - 32).pow(2) < 24 * 24;
    image::RgbaImage::from_fn(64, 64, |x, y| image::Rgba([255, 230, 0, if inside(x, y) { 255 } else { 0 }]))
        .save(&sprite)
        .unwrap();
    let out = collide2d(&["trace", s(&sprite), "--png", s(&overlay)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let picture = image::open(&overlay).unwrap().into_rgba8();
    // 8 pixels of border, then the sprite enlarged.
    let zoom = (picture.width() - 16) / 64;
    // Across the disc's right edge on the middle row: the dark band under the outline, which
    // the dark grey backdrop (48, 48, 56) and the yellow sprite never show.
    let edge = 8 + zoom * ((0..64).rev().find(|&x| inside(x, 32)).unwrap() + 1);
    let row = picture.height() / 2;
    let dark = (edge - zoom..edge + zoom).filter(|&x| picture.get_pixel(x, row).0[..3].iter().all(|&c| c < 40));
    assert!(dark.count() >= 2, "no dark band at the outline");
}

#[test]
fn trace_prints_a_ready_scene_counts_and_an_overlay() {
    let sprite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide2d/tests/data/sprites/keyRed.png");
    let dir = tempfile::tempdir().unwrap();
    let overlay = dir.path().join("overlay.png");
    let out = collide2d(&["trace", s(&sprite), "--detail", "more", "--png", s(&overlay)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let scene_file: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let colliders = &scene_file["colliders"];
    assert_eq!(colliders[0]["name"].as_str(), Some("keyRed"));
    assert_eq!(colliders[0]["shape"]["kind"].as_str(), Some("polygon"));
    let err = stderr(&out);
    for level in ["exact", "optimal", "more", "less"] {
        assert!(err.contains(level), "{err}");
    }
    assert!(image::open(&overlay).unwrap().width() >= 512);
    // The output is a scene as it is, and its colliders paste into another.
    let (_d, path) = scene(&stdout(&out));
    assert_eq!(collide2d(&["check", s(&path)]).status.code(), Some(0), "{}", stdout(&out));
    let (_d, path) = scene(&format!("{{\"colliders\": {colliders}}}"));
    assert_eq!(collide2d(&["check", s(&path)]).status.code(), Some(0));
}

/// The command's test map (tests/data/ledges.tmx), copied beside a scene that uses it.
fn scene_with_map(text: &str) -> (tempfile::TempDir, PathBuf) {
    let (dir, path) = scene(text);
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ledges.tmx");
    std::fs::copy(map, dir.path().join("ledges.tmx")).unwrap();
    (dir, path)
}

/// A collide2d test map, by its absolute path.
fn library_map(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide2d/tests/data/maps").join(name);
    path.to_str().unwrap().replace('\\', "/")
}

#[test]
fn a_tile_map_layer_collides_as_one_shape_without_seams() {
    // Layer "Ground" by default (the first): its floor's top at y = 48 and its one-way ledge
    // (x 80 to 96, y 16 to 20) in one map; "Spikes" by name (x 16 to 48, y 32 to 48).
    let (_dir, path) = scene_with_map(
        r#"{ "colliders": [
      { "name": "floor", "shape": { "kind": "tile_map", "path": "ledges.tmx" } },
      { "name": "spikes", "shape": { "kind": "tile_map", "path": "ledges.tmx", "layer": "Spikes" } },
      { "name": "ball", "shape": { "kind": "circle", "center": [96, 40], "radius": 10 } },
      { "name": "probe", "shape": { "kind": "point", "at": [88, 18] } },
      { "name": "pin", "shape": { "kind": "circle", "center": [24, 30], "radius": 3 } },
      { "name": "moved", "shape": { "kind": "tile_map", "path": "ledges.tmx", "layer": "Spikes" },
        "transform": { "translation": [1000, 0] } }
    ] }"#,
    );
    let out = collide2d(&["check", s(&path), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pairs: Vec<(String, String, f64, f64)> = report["colliding"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let c = &p["contact"];
            let name = |k: &str| p[k].as_str().unwrap().to_owned();
            (name("a"), name("b"), c["depth"].as_f64().unwrap(), c["normal"][1].as_f64().unwrap())
        })
        .collect();
    let expected = [
        ("floor", "spikes", 0.0, -1.0), // they touch along y = 48
        ("floor", "ball", 2.0, -1.0),   // over the seam at x = 96: straight up, never sideways
        ("floor", "probe", 2.0, -1.0),  // in the ledge
        ("spikes", "pin", 1.0, -1.0),
    ];
    let expected: Vec<_> = expected.iter().map(|(a, b, d, n)| (a.to_string(), b.to_string(), *d, *n)).collect();
    assert_eq!(pairs, expected);
    // Tiled's JSON and LDtk's projects load too, from wherever the path says.
    let (_d, other) = scene(&format!(
        r#"{{ "colliders": [
      {{ "name": "tmj", "shape": {{ "kind": "tile_map", "path": "{}", "layer": "Ground" }} }},
      {{ "name": "ldtk", "shape": {{ "kind": "tile_map", "path": "{}", "layer": "Level_0/Collisions" }} }},
      {{ "name": "ball", "shape": {{ "kind": "circle", "center": [24, 58], "radius": 8 }} }}
    ] }}"#,
        library_map("level.tmj"),
        library_map("level.ldtk"),
    ));
    let out = collide2d(&["check", s(&other)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for pair in [["tmj", "ball"], ["ldtk", "ball"]] {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().take(2).eq(pair))
            .unwrap_or_else(|| panic!("{pair:?} in {text}"));
        assert!(row.contains("( 0.000, -1.000)"), "{row}");
    }
}

#[test]
fn a_bad_tile_map_is_one_line_and_exit_2() {
    let shape = |shape: &str| scene_with_map(&format!(r#"{{"colliders": [{{"name": "level", "shape": {shape}}}]}}"#));
    let (_d, missing) = shape(r#"{"kind": "tile_map", "path": "nowhere.tmx"}"#);
    fails_with(&["check", s(&missing)], "nowhere.tmx");
    let (_d, kind) = shape(r#"{"kind": "tile_map", "path": "ledges.png"}"#);
    fails_with(&["check", s(&kind)], "ledges.png: a tile map is read from a .tmx, .tmj or .ldtk file");
    let (_d, layer) = shape(r#"{"kind": "tile_map", "path": "ledges.tmx", "layer": "Lava"}"#);
    fails_with(&["check", s(&layer)], "no layer \"Lava\" with colliding tiles (those with some: Ground, Spikes)");
    let (_d, turned) = shape(r#"{"kind": "tile_map", "path": "ledges.tmx"}, "transform": {"rotation_deg": 90}"#);
    fails_with(&["render", s(&turned)], "collider \"level\": ");
    let (d, broken) = shape(r#"{"kind": "tile_map", "path": "broken.tmj"}"#);
    std::fs::write(d.path().join("broken.tmj"), "{ \"type\": \"map\",\n \"width\": 1 }").unwrap();
    fails_with(&["check", s(&broken)], "broken.tmj");
    let (_d, typo) = shape(r#"{"kind": "tile_map", "file": "ledges.tmx"}"#);
    fails_with(&["check", s(&typo)], "unknown field `file`");
    let (_d, level) =
        shape(&format!(r#"{{"kind": "tile_map", "path": "{}", "layer": "Collisions"}}"#, library_map("level.ldtk")));
    fails_with(&["check", s(&level)], "(those with some: Level_0/Collisions, Level_1/Collisions)");
}

#[test]
fn the_committed_schema_matches_the_types() {
    let out = collide2d(&["schema"]);
    let committed = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scene.schema.json")).unwrap();
    assert_eq!(
        stdout(&out),
        committed,
        "regenerate with: cargo run -p collide2d-cli -- schema > crates/collide2d-cli/scene.schema.json"
    );
}

#[test]
fn bench_steps_a_moving_world_and_reports_its_speed() {
    let out = collide2d(&["bench", "--objects", "400", "--steps", "20"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("400 moving colliders") && text.contains("steps/s"), "{text}");
    let touching: f64 = text
        .split("on average ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a touching count");
    assert!(touching > 0.0, "a 4 % cover scene has contacts: {text}");
}

/// Runs the command with stdout sent to `stdout` (stderr captured).
fn collide2d_to(stdout: impl Into<std::process::Stdio>, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_collide2d")).args(args).stdout(stdout).output().expect("the command runs")
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_one_error_line() {
    let sprite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide2d/tests/data/sprites/keyRed.png");
    let (_dir, path) = scene(SIMPLE);
    for (args, code) in [
        (vec!["schema"], 0),
        (vec!["trace", s(&sprite), "--detail", "exact"], 0),
        (vec!["check", s(&path), "--fail-on-collision"], 1),
        (vec!["--help"], 0),
    ] {
        // The reader has gone before the command writes anything.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = collide2d_to(writer, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("collide2d:"), "{args:?}: {err}");
    }
    for args in [vec!["schema"], vec!["check"], vec!["check", "--json"], vec!["render", "--help"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = collide2d_to(full, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("collide2d: cannot write to stdout: No space left"), "{args:?}: {err}");
    }
}

#[test]
fn every_error_is_one_line_usage_errors_included() {
    let sprite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide2d/tests/data/sprites/keyRed.png");
    // The vertex counts come after success only: the error is the one line.
    fails_with(&["trace", s(&sprite), "--png", "/missing/dir/x.png"], "x.png");
    fails_with(&["render", "--width", "0"], "0 is not in 1..=16384 (see collide2d render --help)");
    fails_with(&["trace", s(&sprite), "--alpha-above", "256"], "--alpha-above");
    fails_with(&["trace", s(&sprite), "--detail", "ultra"], "[possible values: exact, optimal, more, less]");
    fails_with(&["render", "-o", ""], "--output");
    fails_with(&["check", "--bogus"], "unexpected argument '--bogus'");
    fails_with(&[], "a command is needed");
    fails_with(&["nonsense"], "unrecognized subcommand 'nonsense' (see collide2d --help)");
    // Help is not an error: on stdout, exit 0.
    let help = collide2d(&["render", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("--detector"), "{}", stdout(&help));
}

#[test]
fn control_characters_in_names_are_escaped() {
    let (_dir, path) = scene(
        r#"{"colliders": [
          {"name": "evil\r\u001b[2Jname", "shape": {"kind": "circle", "radius": 1}},
          {"name": "tab\there", "shape": {"kind": "circle", "radius": 1}}]}"#,
    );
    let out = collide2d(&["check", s(&path)]);
    let text = stdout(&out);
    assert!(!text.contains('\r') && !text.contains('\u{1b}') && !text.contains('\t'), "{text:?}");
    assert!(text.contains(r"evil\r\u{1b}[2Jname  tab\there"), "{text}");
    let (_dir, twice) = scene(
        r#"{"colliders": [
          {"name": "a\rb", "shape": {"kind": "point", "at": [0, 0]}},
          {"name": "a\rb", "shape": {"kind": "point", "at": [0, 0]}}]}"#,
    );
    fails_with(&["check", s(&twice)], r#"two colliders are named "a\rb""#);
}

#[test]
fn bench_refuses_counts_past_its_limits() {
    fails_with(&["bench", "--objects", "18446744073709551615", "--steps", "1"], "is not in 0..=1000000");
    fails_with(&["bench", "--objects", "1000001", "--steps", "1"], "is not in 0..=1000000");
    fails_with(&["bench", "--steps", "100001"], "is not in 0..=100000");
    let help = stdout(&collide2d(&["bench", "--help"]));
    assert!(help.contains("at most 1000000") && help.contains("at most 100000"), "{help}");
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

#[cfg(unix)]
#[test]
fn pictures_go_through_symbolic_links_and_into_devices_and_pipes() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let dir = tempfile::tempdir().unwrap();
    let small = ["--width", "16", "--height", "16"];
    let render_to = |path: &Path| collide2d(&[&["render", "-o", s(path)][..], &small].concat());
    // A link to an existing picture, and a link to one not written yet: the link stays a link.
    std::fs::create_dir(dir.path().join("real")).unwrap();
    for (link, target) in [("link.png", "real/old.png"), ("dangling.png", "real/new.png")] {
        let (link, target) = (dir.path().join(link), dir.path().join(target));
        if link.ends_with("link.png") {
            std::fs::write(&target, b"old").unwrap();
        }
        symlink(Path::new("real").join(target.file_name().unwrap()), &link).unwrap();
        let out = render_to(&link);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "{link:?} is still a link");
        assert!(std::fs::read(&target).unwrap().starts_with(PNG_SIGNATURE), "{target:?} holds the picture");
    }
    // /proc/self/fd/1: the command's own stdout.
    let out = render_to(Path::new("/proc/self/fd/1"));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.starts_with(PNG_SIGNATURE), "the picture on stdout");
    // A named pipe with a reader (opened read-write, which does not wait for a writer); the
    // picture is small enough for the pipe's buffer.
    let fifo = dir.path().join("pipe.png");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut reader = std::fs::OpenOptions::new().read(true).write(true).open(&fifo).unwrap();
    let out = render_to(&fifo);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe is still a pipe");
    let mut buffer = vec![0; 1 << 16];
    let n = std::io::Read::read(&mut reader, &mut buffer).unwrap();
    assert!(buffer[..n].starts_with(PNG_SIGNATURE), "the picture came through the pipe");
    // A full device: one error line, exit 2, and still a device. As root (who could replace
    // /dev/full), a private copy of it made with mknod; otherwise /dev/full itself.
    let full = dir.path().join("full");
    let made = Command::new("mknod").arg(&full).args(["c", "1", "7"]).output().is_ok_and(|o| o.status.success());
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let device = if made { full } else { PathBuf::from("/dev/full") };
    if made || !root {
        fails_with(&[&["render", "-o", s(&device)][..], &small].concat(), "No space left on device");
        assert!(std::fs::metadata(&device).unwrap().file_type().is_char_device(), "{device:?} is still a device");
    }
    // A missing folder is named as such, not by the temporary file's name.
    fails_with(&["render", "-o", "/missing/dir/x.png"], "/missing/dir/x.png: the folder /missing/dir does not exist");
    let err = stderr(&collide2d(&["render", "-o", "/missing/dir/x.png"]));
    assert!(!err.contains(".tmp"), "{err}");
}

#[test]
fn a_long_parent_chain_resolves_in_linear_time() {
    // 3,000 links of one unit each (it took 6 s, 10,000 took 229 s), the last a disc touching
    // a free one: the chain composes to x = 2999.
    let n = 3000;
    let mut colliders = vec![r#"{"name": "n0", "shape": {"kind": "point", "at": [0, 0]}}"#.to_owned()];
    for k in 1..n {
        let shape =
            if k == n - 1 { r#"{"kind": "circle", "radius": 0.5}"# } else { r#"{"kind": "point", "at": [0, 0]}"# };
        colliders.push(format!(
            r#"{{"name": "n{k}", "parent": "n{}", "shape": {shape}, "transform": {{"translation": [1, 0]}}}}"#,
            k - 1
        ));
    }
    colliders.push(r#"{"name": "free", "shape": {"kind": "circle", "center": [2999.6, 0], "radius": 0.5}}"#.into());
    let (_dir, path) = scene(&format!(r#"{{"colliders": [{}]}}"#, colliders.join(",\n")));
    let start = std::time::Instant::now();
    let out = collide2d(&["check", s(&path), "--json"]);
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let pairs = report["colliding"].as_array().unwrap();
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    assert_eq!((pairs[0]["a"].as_str(), pairs[0]["b"].as_str()), (Some("n2999"), Some("free")));
    assert!((pairs[0]["contact"]["depth"].as_f64().unwrap() - 0.4).abs() < 1e-3, "{pairs:?}");
    assert!(seconds < 5.0, "{seconds:.1} s for a {n}-level chain");
}

/// A star polygon of `n` vertices centred at (`cx`, 0), radii 10 and 5 in turn.
fn star(n: usize, cx: f32) -> String {
    let vertex = |i: usize| {
        let (r, a) = (if i % 2 == 0 { 10.0 } else { 5.0 }, std::f32::consts::TAU * i as f32 / n as f32);
        format!("[{}, {}]", cx + r * a.cos(), r * a.sin())
    };
    let outline: Vec<String> = (0..n).map(vertex).collect();
    format!(r#"{{"kind": "polygon", "outline": [{}]}}"#, outline.join(", "))
}

fn two(a: &str, b: &str) -> String {
    format!(r#"{{"colliders": [{{"name": "a", "shape": {a}}}, {{"name": "b", "shape": {b}}}]}}"#)
}

#[test]
fn huge_overlapping_polygons_get_a_bounded_contact_instead_of_hanging() {
    // Two overlapping 2,000-vertex stars: seconds of exact contact, cut short by the budget.
    let (dir, path) = scene(&two(&star(2000, 0.0), &star(2000, 3.0)));
    let start = std::time::Instant::now();
    let out = collide2d(&["check", s(&path)]);
    assert!(stdout(&out).contains("(not proven shortest)"), "{}", stderr(&out));
    let json = stdout(&collide2d(&["check", s(&path), "--json"]));
    assert!(json.contains(r#""exact": false"#) || json.contains(r#""exact":false"#), "{json}");
    let picture = dir.path().join("stars.png");
    let out = collide2d(&["render", s(&path), "-o", s(&picture), "--detector", "bounding-boxes"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(picture.exists());
    assert!(start.elapsed().as_secs_f64() < 10.0, "bounded: {:?}", start.elapsed());
    // Small ones fit the default, exactly; a budget of one unit cuts them short too.
    let (_d, small) = scene(&two(&star(100, 0.0), &star(100, 3.0)));
    let out = collide2d(&["check", s(&small)]);
    assert!(stdout(&out).contains("1 colliding pairs") && !stdout(&out).contains("not proven"), "{}", stderr(&out));
    assert!(stdout(&collide2d(&["check", s(&small), "--contact-budget", "1"])).contains("(not proven shortest)"));
    fails_with(&["check", s(&small), "--contact-budget", "lots"], "--contact-budget");
}

#[test]
fn the_table_never_prints_minus_zero() {
    // A box left of a disc: the contact is computed disc-first and flipped, so the normal is
    // (1, -0) before printing.
    let (_dir, path) = scene(
        r#"{"colliders": [
          {"name": "box", "shape": {"kind": "aabb", "min": [-2, -1], "max": [0, 1]}},
          {"name": "disc", "shape": {"kind": "circle", "center": [0.5, 0], "radius": 1}}]}"#,
    );
    let text = stdout(&collide2d(&["check", s(&path)]));
    assert!(text.contains("( 1.000,  0.000)"), "{text}");
    assert!(!text.contains("-0.000"), "{text}");
}

#[test]
fn pictures_are_known_by_content_and_scenes_may_start_with_a_byte_order_mark() {
    let sprite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../collide2d/tests/data/sprites/keyRed.png");
    let (dir, path) = scene(&format!(
        "\u{feff}{}",
        r#"{"colliders": [{"name": "key", "shape": {"kind": "traced", "path": "key.jpg"}}]}"#
    ));
    // A PNG under another extension.
    let renamed = dir.path().join("key.jpg");
    std::fs::copy(&sprite, &renamed).unwrap();
    let out = collide2d(&["check", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = collide2d(&["trace", s(&renamed)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Not a picture at all, whatever its name: one line naming the file.
    std::fs::write(dir.path().join("fake.png"), b"not a picture").unwrap();
    fails_with(&["trace", s(&dir.path().join("fake.png"))], "fake.png: ");
}

#[test]
fn the_readme_scene_example_runs_wherever_it_is_pasted() {
    // The command's own README (its package's page) holds the scene example; the workspace's
    // README the command list.
    let read = |name: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap();
    let readme = read("../../README.md");
    let own = read("README.md");
    let example = own.split("```json\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a JSON example");
    let (_dir, path) = scene(example);
    let out = collide2d(&["check", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("2 colliding pairs of 3"), "{}", stdout(&out));
    // The command list names every option of every command.
    for (command, options) in [("render", ["--detector", "--contact-budget"]), ("bench", ["--seed", "--objects"])] {
        let line = readme.lines().find(|l| l.starts_with(&format!("collide2d {command} "))).unwrap();
        for option in options {
            assert!(line.contains(option), "{option} missing from: {line}");
        }
    }
}

#[test]
fn trace_refuses_a_picture_past_the_vertex_limit_in_one_line() {
    // A 32 × 32 checkerboard: 512 unit squares, 2048 vertices (issue 23: a 28 KB checkerboard
    // took 49 s and 4.9 GB).
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.png");
    image::RgbaImage::from_fn(32, 32, |x, y| image::Rgba([255, 255, 255, if (x + y) % 2 == 0 { 255 } else { 0 }]))
        .save(&board)
        .unwrap();
    let overlay = dir.path().join("overlay.png");
    fails_with(&["trace", s(&board), "--max-vertices", "2047", "--png", s(&overlay)], "--max-vertices");
    assert!(!overlay.exists());
    let out = collide2d(&["trace", s(&board), "--max-vertices", "2048"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = collide2d(&["trace", s(&board), "--max-vertices", "0"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

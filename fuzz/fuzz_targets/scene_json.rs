//! The command's scene reader (`collide2d_cli::scene::parse`) on arbitrary text: it builds the
//! scene or says why not in one printable line (the command's promise: one line on stderr),
//! never panics, and every collider it builds is made of finite numbers, named uniquely, in
//! file order.
//!
//! Traced shapes other than the built-in sprite are skipped: their paths would have the fuzzer
//! read whatever files it names (`/dev/stdin` would wait for ever).

#![no_main]

use std::collections::HashSet;
use std::path::Path;

use collide2d_cli::scene::{parse, SceneFile, ShapeSpec};
use collide2d_fuzz::shape_is_finite;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The command reads scenes as UTF-8 text.
    let Ok(text) = std::str::from_utf8(data) else { return };
    let json = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Ok(file) = serde_json::from_str::<SceneFile>(json) {
        let reads_files = file
            .colliders
            .iter()
            .any(|c| matches!(&c.shape, ShapeSpec::Traced { path, .. } if path != "builtin:slime"));
        if reads_files {
            return;
        }
    }
    match parse(text, "fuzz.json", Path::new("")) {
        Ok(scene) => {
            let file: SceneFile = serde_json::from_str(json).expect("a scene that was read is a scene file");
            assert_eq!(scene.colliders.len(), file.colliders.len(), "colliders lost or added");
            let mut names = HashSet::new();
            for (c, spec) in scene.colliders.iter().zip(&file.colliders) {
                assert_eq!(c.name, spec.name, "colliders out of file order");
                assert!(names.insert(c.name.as_str()), "two colliders named {:?}", c.name);
                assert!(shape_is_finite(&c.local), "collider {:?}: non-finite local shape {:?}", c.name, c.local);
                assert!(shape_is_finite(&c.world), "collider {:?}: non-finite world shape {:?}", c.name, c.world);
                assert!(c.transform.is_finite(), "collider {:?}: non-finite transform", c.name);
            }
        }
        Err(e) => {
            let line = e.to_string();
            assert!(!line.is_empty(), "an empty error");
            assert!(!line.chars().any(char::is_control), "the error is not one printable line: {line:?}");
        }
    }
});

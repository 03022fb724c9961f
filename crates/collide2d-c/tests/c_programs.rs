//! The C test programs (`tests/c/*.c`), compiled by the system's C compiler against this
//! build's static library and run, so that `cargo test` (and cargo-mutants) runs them too.
//! `ci.sh` runs them again under AddressSanitizer and UndefinedBehaviorSanitizer.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The static library cargo built for this test, beside it in `target/<profile>/deps` (the
/// copy in `target/<profile>` is refreshed by `cargo build` only, not by `cargo test`).
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    exe.parent().expect("target/<profile>/deps").join("libcollide2d_c.a")
}

#[test]
fn the_c_test_programs_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = static_library();
    assert!(lib.exists(), "no static library at {}", lib.display());
    let out = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut programs: Vec<PathBuf> = std::fs::read_dir(dir.join("tests/c"))
        .expect("tests/c")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    programs.sort();
    assert!(programs.len() >= 3, "the C tests: {programs:?}");
    for source in programs {
        let exe = out.join(source.file_stem().expect("a name"));
        let built = Command::new("cc")
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-I"])
            .arg(dir.join("include"))
            .arg(&source)
            .arg(&lib)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)
            .status()
            .expect("cc runs");
        assert!(built.success(), "{} does not compile", source.display());
        let run = Command::new(&exe).output().expect("the program runs");
        assert!(
            run.status.success(),
            "{} failed: {}{}",
            source.display(),
            String::from_utf8_lossy(&run.stdout),
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

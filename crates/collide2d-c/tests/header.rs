//! The checked-in header is what cbindgen makes of the crate now: a change to the API that
//! forgets the header fails here. `UPDATE_HEADER=1 cargo test -p collide2d-c --test header`
//! rewrites it.

use std::path::Path;

#[test]
fn the_header_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml reads");
    let bindings =
        cbindgen::Builder::new().with_crate(dir).with_config(config).generate().expect("cbindgen reads the crate");
    let mut fresh = Vec::new();
    bindings.write(&mut fresh);
    let fresh = String::from_utf8(fresh).expect("the header is UTF-8");
    let path = dir.join("include").join("collide2d.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("the header is written");
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == fresh,
        "include/collide2d.h is stale: run `UPDATE_HEADER=1 cargo test -p collide2d-c --test header` and commit it"
    );
}

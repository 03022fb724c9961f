//! The shared library's SONAME: `libcollide2d_c.so.<ABI>`, where the ABI is the part of the
//! version that cargo's semver keeps compatible, the major number from 1.0 on and `0.<minor>`
//! before it (0.1 and 0.2 may differ in the API as 1 and 2 would). A program linked against
//! 0.1.x then finds any later 0.1.y, and never loads a 0.2 it would break on.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // Only ELF targets have a SONAME; elsewhere the linker would refuse the flag.
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if !matches!(os.as_str(), "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "illumos") {
        return;
    }
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap_or_default();
    let abi = if major == "0" { format!("0.{minor}") } else { major };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcollide2d_c.so.{abi}");
}

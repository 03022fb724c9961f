//! What the map loaders' tests share: where the hand-written maps are, and garbling a file for
//! the properties that no input makes a loader panic.

use std::path::{Path, PathBuf};

/// tests/data/maps.
pub fn maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/maps")
}

/// `bytes` cut to the fraction `cut` of their length, then each edit `(where, which)` putting
/// a byte of `alphabet` at that fraction of the length: mostly digits and the format's
/// punctuation, which reach further into a parser than noise does.
pub fn garbled(mut bytes: Vec<u8>, cut: f64, edits: &[(f64, u8)], alphabet: &[u8]) -> String {
    bytes.truncate((bytes.len() as f64 * cut) as usize);
    for (at, byte) in edits {
        if !bytes.is_empty() {
            let i = ((bytes.len() as f64 * at) as usize).min(bytes.len() - 1);
            bytes[i] = alphabet[*byte as usize % alphabet.len()];
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

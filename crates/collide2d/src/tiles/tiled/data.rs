//! Tile layer data as both formats store it (CSV, a JSON list, or base64 of little-endian ids,
//! compressed with zlib or gzip or not), decoded here for both: the `tiled` crate's finite
//! layers index their data without checking its length, so a short layer would panic there.

use std::io::Read;

use base64::Engine;

/// A block of tile data as a file holds it.
pub(super) enum Encoded<'a> {
    /// A JSON list of global ids.
    Ids(&'a [u32]),
    /// Text of the encoding and compression the layer names.
    Text { text: &'a str, encoding: &'a str, compression: &'a str },
}

/// A block's global ids, flags included, checked to be `width × height` of them.
pub(super) fn decode(data: Encoded, (width, height): (u32, u32)) -> Result<Vec<u32>, String> {
    let cells = width as u64 * height as u64;
    let ids = match data {
        Encoded::Ids(ids) => ids.to_vec(),
        Encoded::Text { text, encoding: "csv", .. } => text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().map_err(|_| format!("tile data has \"{t}\", which is not a gid")))
            .collect::<Result<_, _>>()?,
        Encoded::Text { text, encoding: "base64", compression } => {
            let packed = base64::engine::general_purpose::STANDARD
                .decode(text.trim())
                .map_err(|e| format!("tile data is not base64: {e}"))?;
            let bytes = decompress(&packed, compression, cells * 4)?;
            if bytes.len() % 4 != 0 {
                return Err(format!("tile data of {} bytes is not whole 4-byte ids", bytes.len()));
            }
            bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
        }
        Encoded::Text { encoding, .. } => {
            return Err(format!("tile data encoding \"{encoding}\" is not csv or base64"))
        }
    };
    if ids.len() as u64 != cells {
        return Err(format!("{} tile ids for {width} × {height} cells", ids.len()));
    }
    Ok(ids)
}

/// The bytes of packed tile data, of which `expected` are wanted: a few more are read, so that
/// a wrong size is seen, but never all of a stream that inflates without end.
fn decompress(packed: &[u8], compression: &str, expected: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let limit = expected + 4;
    let done = match compression {
        "" => return Ok(packed.to_vec()),
        "zlib" => flate2::read::ZlibDecoder::new(packed).take(limit).read_to_end(&mut bytes),
        "gzip" => flate2::read::GzDecoder::new(packed).take(limit).read_to_end(&mut bytes),
        "zstd" => {
            return Err("zstd compression is not supported (it needs C code): save the map with zlib or gzip".into())
        }
        other => return Err(format!("unknown compression \"{other}\"")),
    };
    done.map_err(|e| format!("tile data does not decompress ({compression}): {e}"))?;
    Ok(bytes)
}

/// The placed tiles (ids not 0) of a block of ids `width` wide whose first is cell `(x, y)`.
pub(super) fn placed(ids: &[u32], x: i64, y: i64, width: u32) -> impl Iterator<Item = (i64, i64, u32)> + '_ {
    let width = width.max(1) as i64;
    ids.iter()
        .enumerate()
        .filter(|(_, id)| **id != 0)
        .map(move |(i, id)| (x + i as i64 % width, y + i as i64 / width, *id))
}

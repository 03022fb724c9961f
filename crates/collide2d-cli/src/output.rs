//! Text out: stdout through a locked handle whose errors are mapped, never `println!` (which
//! panics when stdout is a closed pipe or a full disk), and names made safe to print.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::CliError;

/// Set once the reader of stdout has gone away: later output is dropped.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stdout and flushes it.
///
/// A closed pipe (`collide2d schema | head -c 1`) is not an error: as with other Unix tools,
/// the output just stops, with no message, and the command keeps its exit code. Any other
/// failure (`> /dev/full`) is an error.
pub fn emit(text: &str) -> Result<(), CliError> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(CliError::new(format!("cannot write to stdout: {e}"))),
    }
}

/// Writes `line` and a newline to stderr; a failure there has nowhere to be reported, so it is
/// ignored (never a panic, unlike `eprintln!`).
pub fn note(line: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// `text` with its control characters (`\r`, `\n`, `\t`, escape…) written as escapes, so that a
/// name from a file can neither break a line nor move the cursor.
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `value` with `decimals` decimals, without the minus sign of a value that rounds to zero
/// (`0.000`, not `-0.000`).
pub fn fixed(value: f32, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_owned(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(printable("crate\r\nwall\t\u{1b}[2J é"), "crate\\r\\nwall\\t\\u{1b}[2J é");
        assert_eq!(printable("plain name"), "plain name");
    }

    #[test]
    fn values_that_round_to_zero_lose_their_sign() {
        assert_eq!(fixed(-0.0, 3), "0.000");
        assert_eq!(fixed(-0.0004, 3), "0.000");
        assert_eq!(fixed(-0.0006, 3), "-0.001");
        assert_eq!(fixed(1.5, 4), "1.5000");
        assert_eq!(fixed(f32::NAN, 3), "NaN");
    }
}

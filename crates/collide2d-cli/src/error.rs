//! One error type: a one-line message for stderr.

use std::fmt;

/// Something that stops the command: printed on one line, exit code 2.
#[derive(Debug)]
pub struct CliError(String);

impl CliError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Keep it to one line whatever the source said, and escape what would move the cursor.
        f.write_str(&crate::output::printable(&self.0.replace('\n', " ")))
    }
}

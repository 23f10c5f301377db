//! Input with limits: every file and line a command reads has a size past which it is refused
//! with a message, so that `/dev/zero`, a runaway engine or a pasted megabyte cannot grow the
//! program without bound. The limits (*Reliability* in `doc/architecture.md` lists them):
//!
//! - [`RECORD_MAX`], 1 MiB: a record or score to resume (`--resume`, `RS`);
//! - [`FILE_MAX`], 4 MiB: any other file or standard input read whole (games to replay,
//!   convert or report, an EPD file, a table);
//! - [`LINE_MAX`], 64 KiB: a line of input (the terminal game's, UCI's and CECP's, an engine's
//!   output in a match).

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The largest record or score that can be resumed: 1 MiB (a game of 300 moves with its
/// comments is about 15 KB).
pub const RECORD_MAX: u64 = 1 << 20;

/// The largest file (or standard input) a command reads whole: 4 MiB, forty times the largest
/// table or suite machack comes with; reading a PGN file takes about fifty times its size in
/// memory (a 4 MiB file of short games: 215 MB).
pub const FILE_MAX: u64 = 4 << 20;

/// The longest line of input: 64 KiB, more than UCI's `position startpos moves …` of the longest
/// game the fifty-move rule allows (11,797 plies, 59 KB).
pub const LINE_MAX: usize = 64 << 10;

/// How long a FIFO (a named pipe) to be read whole may go without a writer before it is taken
/// as having none (see [`read_file`]).
pub const FIFO_WRITER_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// A size for people: `1 MiB`, `64 KiB`, `300 bytes`.
pub fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// It could not be opened or read.
    Io(io::Error),
    /// It holds more than the limit (reading stopped there).
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// It is not UTF-8 text: the offset of the first bad byte.
    NotText(usize),
    /// It is a FIFO (a named pipe) that no process writes to.
    NoWriter,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { limit } => write!(
                f,
                "it holds more than {}, the most machack reads",
                size_text(*limit)
            ),
            ReadError::NotText(at) => write!(f, "it is not UTF-8 text (byte {at})"),
            ReadError::NoWriter => write!(
                f,
                "it is a FIFO (a named pipe) that no process wrote to within {} s: nothing to \
                 read",
                FIFO_WRITER_WAIT.as_secs()
            ),
        }
    }
}

/// Reads all of `input` as text, up to `limit` bytes: no more than `limit` + 1 bytes are read.
pub fn read_all(input: impl Read, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    input
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotText(e.utf8_error().valid_up_to()))
}

/// Reads the file at `path` as text, up to `limit` bytes. A FIFO (a named pipe) is read as
/// far as its writer writes; one that no process writes to is refused within a second, where
/// opening it would wait for a writer for ever (see `fifo` below).
pub fn read_file(path: &Path, limit: u64) -> Result<String, ReadError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            return fifo::read(path, limit);
        }
    }
    read_all(std::fs::File::open(path).map_err(ReadError::Io)?, limit)
}

/// Reading a FIFO without waiting for ever for a writer: it is opened without blocking
/// (`O_NONBLOCK`, with which opening a FIFO to read returns at once) and read as a blocking one
/// would be, but a FIFO that no process has opened to write within [`FIFO_WRITER_WAIT`] is at
/// its end, with nothing read.
#[cfg(unix)]
mod fifo {
    use super::{FIFO_WRITER_WAIT, ReadError, read_all};
    use std::io::{self, Read};
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::Path;
    use std::time::{Duration, Instant};

    /// `O_NONBLOCK` of `<fcntl.h>`.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const O_NONBLOCK: i32 = 0o4000;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    const O_NONBLOCK: i32 = 0x0004;

    /// How long to wait before reading again a FIFO that has nothing yet.
    const PAUSE: Duration = Duration::from_millis(5);

    /// A FIFO opened without blocking, read as a blocking one would be.
    struct Patient {
        file: std::fs::File,
        opened: Instant,
        /// A writer has been seen (something was read, or there was nothing yet to read).
        written: bool,
    }

    impl Read for Patient {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            loop {
                match self.file.read(buf) {
                    // No writer, as yet: one may still come.
                    Ok(0) if !self.written && self.opened.elapsed() < FIFO_WRITER_WAIT => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => self.written = true,
                    Ok(n) => {
                        self.written |= n > 0;
                        return Ok(n);
                    }
                    Err(e) => return Err(e),
                }
                std::thread::sleep(PAUSE);
            }
        }
    }

    /// Reads the FIFO at `path` as text, up to `limit` bytes: [`ReadError::NoWriter`] if no
    /// process wrote to it.
    pub fn read(path: &Path, limit: u64) -> Result<String, ReadError> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(O_NONBLOCK)
            .open(path)
            .map_err(ReadError::Io)?;
        let fifo = Patient {
            file,
            opened: Instant::now(),
            written: false,
        };
        let text = read_all(fifo, limit)?;
        if text.is_empty() {
            return Err(ReadError::NoWriter);
        }
        Ok(text)
    }
}

/// One line read by a [`LineReader`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line, without its end (`\n`, `\r\n`; the `\r` counts towards the limit).
    Text(Vec<u8>),
    /// A line longer than the limit: its first `limit` bytes. The rest of it is dropped by the
    /// next read.
    TooLong(Vec<u8>),
    /// The end of the input.
    End,
}

/// Reads lines of at most `limit` bytes: a longer one is reported as soon as it passes the limit
/// (so that an endless line, `/dev/zero`, is reported at once) and the rest of it is dropped.
pub struct LineReader<R> {
    input: R,
    limit: usize,
    /// Within a line that was too long: what is left of it is to be dropped.
    dropping: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of `input`'s lines of at most `limit` bytes.
    pub fn new(input: R, limit: usize) -> LineReader<R> {
        LineReader {
            input,
            limit,
            dropping: false,
        }
    }

    /// The next line; a last line without `\n` counts as a line.
    pub fn next_line(&mut self) -> io::Result<Line> {
        if self.dropping {
            // The rest of a line too long, up to its end.
            loop {
                let buf = match self.input.fill_buf() {
                    Ok(b) => b,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if buf.is_empty() {
                    return Ok(Line::End);
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        self.input.consume(i + 1);
                        break;
                    }
                    None => {
                        let n = buf.len();
                        self.input.consume(n);
                    }
                }
            }
            self.dropping = false;
        }
        let mut kept = Vec::new();
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let end = buf.iter().position(|&b| b == b'\n');
            let chunk = &buf[..end.unwrap_or(buf.len())];
            // One byte past the limit is kept only to tell a line that is too long.
            let room = (self.limit + 1).saturating_sub(kept.len());
            let take = chunk.len().min(room);
            kept.extend_from_slice(&chunk[..take]);
            if kept.len() > self.limit {
                // Too long: the bytes taken are consumed, the rest is dropped by the next read.
                self.input.consume(take);
                kept.truncate(self.limit);
                self.dropping = true;
                return Ok(Line::TooLong(kept));
            }
            match end {
                Some(i) => {
                    self.input.consume(i + 1);
                    break;
                }
                None => {
                    self.input.consume(take);
                }
            }
        }
        if !any {
            return Ok(Line::End);
        }
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        Ok(Line::Text(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn sizes_for_people() {
        assert_eq!(size_text(RECORD_MAX), "1 MiB");
        assert_eq!(size_text(FILE_MAX), "4 MiB");
        assert_eq!(size_text(LINE_MAX as u64), "64 KiB");
        assert_eq!(size_text(300), "300 bytes");
    }

    #[test]
    fn a_file_past_its_limit_is_refused_after_reading_one_byte_more() {
        assert_eq!(read_all(Cursor::new("abc"), 3).unwrap(), "abc");
        let endless = io::repeat(0);
        let e = read_all(endless, 1000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it holds more than 1000 bytes, the most machack reads"
        );
        let e = read_all(Cursor::new(b"ab\xffc".to_vec()), 10).unwrap_err();
        assert_eq!(e.to_string(), "it is not UTF-8 text (byte 2)");
    }

    #[test]
    fn lines_are_kept_up_to_the_limit_and_the_rest_dropped() {
        let text = b"go\r\nabcdefgh\nabc\r\nabcd\r\nabcd\nlast";
        let mut lines = LineReader::new(Cursor::new(text.to_vec()), 4);
        assert_eq!(lines.next_line().unwrap(), Line::Text(b"go".to_vec()));
        assert_eq!(lines.next_line().unwrap(), Line::TooLong(b"abcd".to_vec()));
        assert_eq!(lines.next_line().unwrap(), Line::Text(b"abc".to_vec()));
        // The `\r` counts.
        assert_eq!(lines.next_line().unwrap(), Line::TooLong(b"abcd".to_vec()));
        assert_eq!(lines.next_line().unwrap(), Line::Text(b"abcd".to_vec()));
        assert_eq!(lines.next_line().unwrap(), Line::Text(b"last".to_vec()));
        assert_eq!(lines.next_line().unwrap(), Line::End);
        // An endless line is reported at once, and dropped in bounded memory.
        let mut endless = LineReader::new(io::BufReader::new(io::repeat(b'y')), 8);
        assert_eq!(
            endless.next_line().unwrap(),
            Line::TooLong(b"yyyyyyyy".to_vec())
        );
        let mut long = LineReader::new(
            io::BufReader::new(io::repeat(b'y').take(10_000_000).chain(&b"\nok\n"[..])),
            8,
        );
        assert_eq!(
            long.next_line().unwrap(),
            Line::TooLong(b"yyyyyyyy".to_vec())
        );
        assert_eq!(long.next_line().unwrap(), Line::Text(b"ok".to_vec()));
        assert_eq!(long.next_line().unwrap(), Line::End);
    }
}

//! Putting a record on disk so that it survives anything: a kill, a crash or a power cut at any
//! moment leaves either the old text or the new one, whole.
//!
//! - [`replace`]: the text goes to a temporary file in the same directory, which is flushed to
//!   disk (`fsync`), renamed over the record, and the directory flushed so the rename holds.
//! - [`create`]: the same, except that the temporary file is linked to the record's name, which
//!   fails if a file of that name exists: a record is created whole, and never over another.
//! - [`create_named`]: an automatic name, with a suffix (`-2`, `-3`, …) when it is taken.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The directory that holds `path` (`.` for a bare file name).
fn directory(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Flushes the directory holding `path`, so that a rename or link into it is on disk.
fn sync_directory(path: &Path) -> io::Result<()> {
    if cfg!(unix) {
        File::open(directory(path))?.sync_all()?;
    }
    Ok(())
}

/// Writes `text` to a new temporary file beside `path` and flushes it to disk; returns its path.
fn write_temporary(path: &Path, text: &str) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the record path names no file")
    })?;
    let tmp = directory(path).join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    })();
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Replaces the file at `path` (or creates it) with `text`, atomically and durably.
pub fn replace(path: &Path, text: &str) -> io::Result<()> {
    let tmp = write_temporary(path, text)?;
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_directory(path)
}

/// Creates the file `path` holding `text`, atomically and durably, only if no file is there: an
/// error of kind `AlreadyExists` otherwise.
pub fn create(path: &Path, text: &str) -> io::Result<()> {
    let tmp = write_temporary(path, text)?;
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => sync_directory(path),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        // A file system without hard links: created exclusively, then written.
        Err(_) => {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
            sync_directory(path)
        }
    }
}

/// Removes the temporary files another process left beside `path` when it was killed between
/// writing one and renaming it (`.NAME.PID.tmp`, any PID but ours); returns how many.
pub fn remove_leftovers(path: &Path) -> usize {
    let Some(name) = path.file_name() else {
        return 0;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let ours = format!("{prefix}{}.tmp", std::process::id());
    let Ok(entries) = fs::read_dir(directory(path)) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n != ours
                && n.strip_prefix(&prefix)
                    .and_then(|rest| rest.strip_suffix(".tmp"))
                    .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter(|e| fs::remove_file(e.path()).is_ok())
        .count()
}

/// The most suffixes tried for an automatic name before giving up.
const MOST_SUFFIXES: u32 = 1000;

/// Creates a record holding `text` in `dir` under the name `STEM.pgn`, or `STEM-2.pgn`,
/// `STEM-3.pgn`, … when that is taken (two games started in the same second); returns its path.
pub fn create_named(dir: &Path, stem: &str, text: &str) -> io::Result<PathBuf> {
    for n in 1..=MOST_SUFFIXES {
        let name = if n == 1 {
            format!("{stem}.pgn")
        } else {
            format!("{stem}-{n}.pgn")
        };
        let path = dir.join(name);
        match create(&path, text) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            done => return done.map(|()| path),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{stem}.pgn and {MOST_SUFFIXES} suffixed names are all taken"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("machack-disk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replace_leaves_the_new_text_and_no_temporary_file() {
        let dir = scratch("replace");
        let p = dir.join("g.pgn");
        replace(&p, "one").unwrap();
        replace(&p, "two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn create_never_overwrites() {
        let dir = scratch("create");
        let p = dir.join("g.pgn");
        create(&p, "first").unwrap();
        let e = create(&p, "second").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&p).unwrap(), "first");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn leftovers_of_a_killed_writer_are_removed_and_nothing_else() {
        let dir = scratch("leftovers");
        let p = dir.join("g.pgn");
        for name in [
            ".g.pgn.123.tmp",
            ".g.pgn.9.tmp",
            ".g.pgn.x.tmp",
            ".h.pgn.5.tmp",
            "g.pgn",
        ] {
            fs::write(dir.join(name), "x").unwrap();
        }
        assert_eq!(remove_leftovers(&p), 2);
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [".g.pgn.x.tmp", ".h.pgn.5.tmp", "g.pgn"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_taken_automatic_name_gets_a_suffix() {
        let dir = scratch("named");
        let names: Vec<PathBuf> = (0..3)
            .map(|i| create_named(&dir, "machack-20261121-180512", &format!("{i}")).unwrap())
            .collect();
        let file = |p: &PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            names.iter().map(file).collect::<Vec<_>>(),
            [
                "machack-20261121-180512.pgn",
                "machack-20261121-180512-2.pgn",
                "machack-20261121-180512-3.pgn"
            ]
        );
        for (i, p) in names.iter().enumerate() {
            assert_eq!(fs::read_to_string(p).unwrap(), format!("{i}"));
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}

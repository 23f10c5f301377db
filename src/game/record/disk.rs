//! Putting a record on disk so that it survives anything: a kill, a crash or a power cut at any
//! moment leaves either the old text or the new one, whole, and no temporary file that outlives
//! its writer.
//!
//! - [`replace`]: the text goes to a temporary file in the same directory, which is flushed to
//!   disk (`fsync`), renamed over the record, and the directory flushed so the rename holds. The
//!   new file keeps the old one's mode, owner and group; a symbolic link is followed (its target
//!   is replaced, the link stays).
//! - [`create`]: the same, except that the temporary file is linked to the record's name, which
//!   fails if a file of that name exists: a record is created whole, and never over another.
//! - [`create_named`]: an automatic name, with a suffix (`-2`, `-3`, …) when it is taken.
//! - [`check_replaceable`]: whether [`replace`] can rewrite a file keeping it what it was (for a
//!   record continued in place), without writing it.
//! - Temporary files are named `.NAME.machack-PID.tmp` and locked (`flock`) by their writer while
//!   they exist. A signal that would end the program while one exists waits for the write to end
//!   ([`defer_signal`]); a killed writer's lock dies with it, so [`remove_stale`] tells a dead
//!   writer's file from a live one's and removes it.

use std::fs::{self, File, Metadata, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

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

/// What marks a temporary file as machack's, between the record's name and the writer's process
/// id: `.NAME.machack-PID.tmp`.
const TEMPORARY_MARK: &str = ".machack-";

/// The temporary file beside `path` of process `pid`.
fn temporary_path(path: &Path, pid: u32) -> io::Result<PathBuf> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the record path names no file")
    })?;
    Ok(directory(path).join(format!(
        ".{}{TEMPORARY_MARK}{pid}.tmp",
        name.to_string_lossy()
    )))
}

/// Whether the file at `path` is still the one open as `file` (a cleaner may have removed it
/// between its creation and its lock, see [`remove_stale`]).
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

/// Gives the new file `file` the owner, group and mode of `like` (owner first: changing it
/// clears the set-user-ID bit).
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, like: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
    let mine = file.metadata()?;
    if (mine.uid(), mine.gid()) != (like.uid(), like.gid()) {
        fchown(file, Some(like.uid()), Some(like.gid())).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "cannot give the new text the file's owner and group ({}:{}): {e}",
                    like.uid(),
                    like.gid()
                ),
            )
        })?;
    }
    file.set_permissions(fs::Permissions::from_mode(like.mode() & 0o7777))
}

#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, like: &Metadata) -> io::Result<()> {
    file.set_permissions(like.permissions())
}

/// Creates this process's temporary file beside `path`, locked, with the owner and mode of
/// `like` if given, holding `text` flushed to disk; returns its path and the open file, whose
/// lock lasts until it is closed. Nothing is left behind on an error.
fn write_temporary(
    path: &Path,
    text: &str,
    like: Option<&Metadata>,
) -> io::Result<(PathBuf, File)> {
    let tmp = temporary_path(path, std::process::id())?;
    // At most a few tries: a file of a dead process with our id, or one a cleaner removed
    // between its creation and its lock, is made again.
    let mut tries = 0;
    let file = loop {
        tries += 1;
        let file = match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && tries < 3 => {
                // Ours by its name: left by an earlier process with our id, now dead.
                let _ = fs::remove_file(&tmp);
                continue;
            }
            Err(e) => return Err(e),
        };
        let locked = file.lock().map(|()| same_file(&file, &tmp));
        match locked {
            Ok(true) => break file,
            Ok(false) if tries < 3 => continue,
            Ok(false) => {
                return Err(io::Error::other(format!(
                    "the temporary file {} was removed while it was being made",
                    tmp.display()
                )));
            }
            Err(e) => {
                let _ = fs::remove_file(&tmp);
                return Err(e);
            }
        }
    };
    let written = (|| {
        if let Some(m) = like {
            keep_owner_and_mode(&file, m)?;
        }
        (&file).write_all(text.as_bytes())?;
        file.sync_all()
    })();
    match written {
        Ok(()) => Ok((tmp, file)),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// The file a write to `path` goes to: `path`, or the target of the symbolic link `path`.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("it is a symbolic link whose target cannot be reached: {e}"),
            )
        }),
        _ => Ok(path.to_path_buf()),
    }
}

/// Replaces the file at `path` (or creates it) with `text`, atomically and durably, keeping its
/// mode, owner and group; a symbolic link's target is replaced and the link kept.
pub fn replace(path: &Path, text: &str) -> io::Result<()> {
    let target = resolve(path)?;
    let existing = fs::metadata(&target).ok();
    let _writing = Writing::begin();
    let (tmp, file) = write_temporary(&target, text, existing.as_ref())?;
    if let Err(e) = fs::rename(&tmp, &target) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    drop(file);
    sync_directory(&target)
}

/// Whether [`replace`] can rewrite the file at `path` keeping it what it is: a file with one
/// link (replacing one of several hard links would part them), in a directory where a file with
/// its owner, group and mode can be made. Writes nothing but a temporary file, removed at once;
/// the error says what stands in the way.
pub fn check_replaceable(path: &Path) -> Result<(), String> {
    let target = resolve(path).map_err(|e| e.to_string())?;
    let meta = fs::metadata(&target).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(format!(
                "it has {} hard links, and replacing it would part them (the others would keep \
                 the old text)",
                meta.nlink()
            ));
        }
    }
    let _writing = Writing::begin();
    let (tmp, file) = write_temporary(&target, "", Some(&meta)).map_err(|e| {
        format!(
            "no file can be written beside it in {} ({e})",
            directory(&target).display()
        )
    })?;
    let _ = fs::remove_file(&tmp);
    drop(file);
    Ok(())
}

/// Creates the file `path` holding `text`, atomically and durably, only if no file is there: an
/// error of kind `AlreadyExists` otherwise.
pub fn create(path: &Path, text: &str) -> io::Result<()> {
    let _writing = Writing::begin();
    let (tmp, file) = write_temporary(path, text, None)?;
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    drop(file);
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

/// Removes the temporary files in `dir` whose writers have died (killed between writing one and
/// renaming it): machack's (`.NAME.machack-PID.tmp`) that no live process holds locked, whatever
/// the record; returns how many.
pub fn remove_stale(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let ours = format!("{TEMPORARY_MARK}{}.tmp", std::process::id());
    entries
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            let pid = n
                .strip_suffix(".tmp")
                .and_then(|rest| rest.rsplit_once(TEMPORARY_MARK))
                .map(|(_, pid)| pid);
            n.starts_with('.')
                && !n.ends_with(&ours)
                && pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        })
        .filter(|e| {
            let path = e.path();
            let Ok(file) = File::open(&path) else {
                return false;
            };
            // Locked: its writer lives. Free: its writer died, and the lock held now keeps a
            // new writer of the same name (a process with a reused id) from taking it meanwhile.
            match file.try_lock() {
                Ok(()) => same_file(&file, &path) && fs::remove_file(&path).is_ok(),
                Err(TryLockError::WouldBlock | TryLockError::Error(_)) => false,
            }
        })
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

/// The state of this process's writes, for the signals that end it: how many writes are under
/// way (the low 24 bits: each may have a temporary file), and a signal that came meanwhile (the
/// high 8 bits, 0 for none).
static WRITES: AtomicU32 = AtomicU32::new(0);

/// The writes-under-way part of [`WRITES`].
const COUNT: u32 = (1 << 24) - 1;

/// What to do with a signal that was held back until the last write ended (set once by the
/// binary, which knows how to end the program by a signal: [`on_deferred_signal`]).
static DEFERRED: OnceLock<fn(i32)> = OnceLock::new();

/// Sets what is done with a signal [`defer_signal`] held back, once the writes under way have
/// ended (the binary ends the program by that signal).
pub fn on_deferred_signal(action: fn(i32)) {
    let _ = DEFERRED.set(action);
}

/// For a signal handler that would end the program (SIGINT, SIGTERM, SIGHUP): true if a record
/// is being written, in which case the signal is held back and acted on (by the action given to
/// [`on_deferred_signal`]) as soon as the write has ended and its temporary file is gone; false
/// if nothing is being written, and the program may end now. Uses only atomic operations, as a
/// signal handler must.
pub fn defer_signal(signal: i32) -> bool {
    defer_signal_in(&WRITES, signal)
}

/// [`defer_signal`] on the state `writes`.
fn defer_signal_in(writes: &AtomicU32, signal: i32) -> bool {
    let held = (signal.clamp(1, 255) as u32) << 24;
    let mut now = writes.load(Ordering::SeqCst);
    loop {
        if now & COUNT == 0 {
            return false;
        }
        if now & !COUNT != 0 {
            return true; // one is held already
        }
        match writes.compare_exchange(now, now | held, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => return true,
            Err(changed) => now = changed,
        }
    }
}

/// Ends a write on the state `writes`: the signal held back, if this was the last write.
fn end_write_in(writes: &AtomicU32) -> Option<i32> {
    let mut now = writes.load(Ordering::SeqCst);
    loop {
        let last = now & COUNT == 1;
        let next = if last { 0 } else { now - 1 };
        match writes.compare_exchange(now, next, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) if last && now >> 24 != 0 => return Some((now >> 24) as i32),
            Ok(_) => return None,
            Err(changed) => now = changed,
        }
    }
}

/// A write under way, from before its temporary file is made until it is renamed or removed.
struct Writing;

impl Writing {
    fn begin() -> Writing {
        WRITES.fetch_add(1, Ordering::SeqCst);
        Writing
    }
}

impl Drop for Writing {
    /// Ends the write; the last one acts on a signal held back meanwhile.
    fn drop(&mut self) {
        if let Some(signal) = end_write_in(&WRITES)
            && let Some(action) = DEFERRED.get()
        {
            action(signal);
        }
    }
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
    fn stale_temporary_files_of_dead_writers_are_removed_and_nothing_else() {
        let dir = scratch("stale");
        for name in [
            ".g.pgn.machack-123.tmp",
            ".h.pgn.machack-9.tmp",
            ".g.pgn.machack-x.tmp",
            ".g.pgn.123.tmp",
            "g.pgn.machack-5.tmp",
            ".g.pgn.machack-77.tmp",
            "g.pgn",
        ] {
            fs::write(dir.join(name), "x").unwrap();
        }
        // A live writer's file: locked.
        let live = File::open(dir.join(".g.pgn.machack-77.tmp")).unwrap();
        live.lock().unwrap();
        assert_eq!(remove_stale(&dir), 2);
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                ".g.pgn.123.tmp",
                ".g.pgn.machack-77.tmp",
                ".g.pgn.machack-x.tmp",
                "g.pgn",
                "g.pgn.machack-5.tmp"
            ]
        );
        drop(live);
        assert_eq!(remove_stale(&dir), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn replace_keeps_the_mode_and_follows_a_symbolic_link() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = scratch("keeps");
        let p = dir.join("g.pgn");
        fs::write(&p, "one").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o600)).unwrap();
        symlink("g.pgn", dir.join("link.pgn")).unwrap();
        replace(&dir.join("link.pgn"), "two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert!(
            fs::symlink_metadata(dir.join("link.pgn"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o7777,
            0o600
        );
        assert_eq!(check_replaceable(&dir.join("link.pgn")), Ok(()));
        fs::hard_link(&p, dir.join("hard.pgn")).unwrap();
        assert_eq!(
            check_replaceable(&p),
            Err(
                "it has 2 hard links, and replacing it would part them (the others would keep \
                 the old text)"
                    .into()
            )
        );
        symlink("nowhere.pgn", dir.join("dangling.pgn")).unwrap();
        assert!(
            replace(&dir.join("dangling.pgn"), "x")
                .unwrap_err()
                .to_string()
                .starts_with("it is a symbolic link whose target cannot be reached")
        );
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["dangling.pgn", "g.pgn", "hard.pgn", "link.pgn"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_signal_is_held_back_only_while_a_write_is_under_way() {
        // The only test that touches the process's write count, so that the others' writes,
        // running in parallel, cannot disturb it: it checks the state machine on a copy.
        assert!(!defer_signal_in(&AtomicU32::new(0), 15));
        let writes = AtomicU32::new(2);
        assert!(defer_signal_in(&writes, 15));
        assert!(defer_signal_in(&writes, 2), "a second is held too");
        assert_eq!(writes.load(Ordering::SeqCst), (15 << 24) | 2);
        assert_eq!(end_write_in(&writes), None, "one write is still under way");
        assert_eq!(end_write_in(&writes), Some(15));
        assert_eq!(writes.load(Ordering::SeqCst), 0);
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

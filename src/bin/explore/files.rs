//! Files the run writes (`--svg`, `--dot`, the chart of `explore compare`): never one of the
//! run's inputs, and written whole or not at all.
//!
//! An output path is checked before anything is read: its directory must exist, and it must
//! not be an input of the run. The same file under another spelling (`./v.txt`, a symbolic
//! link, a hard link, standard input redirected from it) is the same file, so the check
//! compares file identity (device and inode on Unix, the canonical path elsewhere), not names.
//! A picture is written to a temporary file in the directory of its path and renamed over it
//! once complete, so a failure midway (a full disk, a killed run) leaves the old file, or
//! none, never half a picture. A path that is a symbolic
//! link has the file it points to replaced that way, and the link stays; a path that is no
//! regular file (a named pipe, a device) is written to as it is, since renaming over it would
//! put a plain file in its place.

use std::fs::{File, Metadata};
use std::io::{self, Write};
use std::path::Path;
#[cfg(not(unix))]
use std::path::PathBuf;

use crate::input::{Source, describe, quoted};

/// Who a file is, for comparing two paths (or a path and an open stream): device and inode
/// on Unix, the same for every name of one file; the canonical path elsewhere.
#[cfg(unix)]
type Identity = (u64, u64);
#[cfg(not(unix))]
type Identity = PathBuf;

fn identity_of(path: &Path, metadata: &Metadata) -> Identity {
    #[cfg(unix)]
    {
        let _ = path;
        use std::os::unix::fs::MetadataExt;
        (metadata.dev(), metadata.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
    }
}

/// The identity of the file at `path`, if there is one.
fn identity(path: &Path) -> Option<Identity> {
    let metadata = std::fs::metadata(path).ok()?;
    Some(identity_of(path, &metadata))
}

/// The identity of the file standard input reads, if it is a file (and not a terminal or a
/// pipe, which no output path can name).
fn stdin_identity() -> Option<Identity> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
        let metadata = File::from(fd).metadata().ok()?;
        metadata
            .is_file()
            .then(|| identity_of(Path::new("-"), &metadata))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Checks the output paths (flag and path) against the inputs and each other, before the run
/// reads anything: an error names the flag, the path and why.
pub(crate) fn check_outputs(sources: &[Source], outputs: &[(&str, &Path)]) -> Result<(), String> {
    let inputs: Vec<Identity> = sources
        .iter()
        .filter_map(|source| match source {
            Source::File(path) => identity(path),
            Source::Stdin => stdin_identity(),
            Source::Demo | Source::Literal(..) => None,
        })
        .collect();
    for (i, &(flag, path)) in outputs.iter().enumerate() {
        // A directory that is not there fails now, not after a long comparison.
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            let missing = match std::fs::metadata(dir) {
                Ok(metadata) if metadata.is_dir() => None,
                Ok(_) => Some("not a directory".to_owned()),
                Err(error) => Some(describe(&error)),
            };
            if let Some(why) = missing {
                return Err(format!(
                    "{flag}: cannot write {}: cannot create a file in {}: {why}",
                    quoted(path.as_os_str()),
                    quoted(dir.as_os_str())
                ));
            }
        }
        let Some(id) = identity(path) else {
            continue;
        };
        if inputs.contains(&id) {
            return Err(format!(
                "{flag}: will not write {}: it is an input of this run, and would be \
                 overwritten",
                quoted(path.as_os_str())
            ));
        }
        if let Some(&(other, _)) = outputs[..i]
            .iter()
            .find(|(_, earlier)| identity(earlier).as_ref() == Some(&id))
        {
            return Err(format!(
                "{flag}: will not write {}: {other} writes the same file",
                quoted(path.as_os_str())
            ));
        }
    }
    // Two new files of the same name are the same file too.
    for (i, &(flag, path)) in outputs.iter().enumerate() {
        if let Some(&(other, _)) = outputs[..i].iter().find(|(_, earlier)| *earlier == path) {
            return Err(format!(
                "{flag}: will not write {}: {other} writes the same file",
                quoted(path.as_os_str())
            ));
        }
    }
    Ok(())
}

/// The buffer between a text written in pieces and its file.
const BUFFER_BYTES: usize = 64 * 1024;

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed over
/// `path` once complete; through a symbolic link, to the file it points to; to a named pipe or
/// a device, directly. The error says what failed, in words, without the path (the caller
/// names it).
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_whole_with(path, |out| out.write_all(bytes))
}

/// [`write_whole`] of the text that `write` writes, as it writes it (through a buffer): a
/// large text goes to the file without being held whole in memory first.
pub(crate) fn write_whole_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), String> {
    let target;
    let path = match std::fs::metadata(path) {
        // Where the link leads, or the path itself: a file that exists is replaced there.
        Ok(metadata) if metadata.is_file() => {
            target = std::fs::canonicalize(path);
            target.as_deref().unwrap_or(path)
        }
        Ok(metadata) if !metadata.is_dir() => {
            return File::options()
                .write(true)
                .open(path)
                .and_then(|file| {
                    let mut out = io::BufWriter::with_capacity(BUFFER_BYTES, file);
                    write(&mut out)?;
                    out.flush()
                })
                .map_err(|error| describe(&error));
        }
        // A directory fails below, in words; a new file is created at the path.
        _ => path,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".explore-").suffix(".tmp");
    #[cfg(unix)]
    {
        // The file gets the mode a plain create would (0666 less the umask), not the
        // temporary file's private 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(|error| {
        format!(
            "cannot create a file in {}: {}",
            quoted(dir.as_os_str()),
            describe(&error)
        )
    })?;
    let mut out = io::BufWriter::with_capacity(BUFFER_BYTES, file.as_file_mut());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|error| describe(&error))?;
    drop(out);
    // Renamed over the old file once complete: a reader, or a run stopped halfway, never sees
    // part of a file. Not synced first, as `gzip`, `sort -o` and `sed -i` do not: these files
    // are pictures a run can make again, and Linux's file systems write the data of a file
    // renamed over another before the rename itself.
    file.persist(path).map_err(|error| describe(&error.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_may_not_be_an_input_under_any_name() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("v.txt");
        std::fs::write(&input, "x").unwrap();
        let other = dir.path().join(".").join("v.txt");
        let sources = [Source::File(input.clone())];
        let err = check_outputs(&sources, &[("--svg", &other)]).unwrap_err();
        assert!(err.contains("is an input of this run"), "{err}");
        let fresh = dir.path().join("new.svg");
        assert_eq!(check_outputs(&sources, &[("--svg", &fresh)]), Ok(()));
        let err = check_outputs(&sources, &[("--svg", &fresh), ("--dot", &fresh)]).unwrap_err();
        assert!(err.contains("--svg writes the same file"), "{err}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.txt");
            std::os::unix::fs::symlink(&input, &link).unwrap();
            assert!(check_outputs(&sources, &[("--dot", &link)]).is_err());
        }
    }

    #[test]
    fn a_whole_file_replaces_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.svg");
        std::fs::write(&path, "old").unwrap();
        write_whole(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left behind");
        let missing = dir.path().join("no/such/dir/out.svg");
        let err = write_whole(&missing, b"x").unwrap_err();
        assert!(
            err.contains("no such file or directory") && !err.contains("os error"),
            "{err}"
        );
    }
}

//! `olm-graph review --git BASE[..HEAD] [PATH...]`: both sides of a change read from the git
//! repository the command runs in. Each revision's files under the paths are copied out of git
//! (`git ls-tree`, then `git cat-file --batch`) into a temporary directory; without `..HEAD` the
//! new side is the working tree itself.

use std::collections::HashSet;
use std::io::{Read as _, Write as _};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use tempfile::TempDir;

use crate::annotate::relative_path;
use crate::error::CliError;

/// One side of the change: what the report calls it and the paths to load.
#[derive(Debug)]
pub struct Side {
    pub label: String,
    pub paths: Vec<PathBuf>,
    /// The temporary directory's prefix in file names, and the `REV:` it stands for.
    pub rewrite: Option<(String, String)>,
}

impl Side {
    /// A file name (or a message naming files) as the report shows it: `REV:path/in/repo` for
    /// a file of a revision.
    pub fn display(&self, text: &str) -> String {
        match &self.rewrite {
            Some((prefix, rev)) => text.replace(prefix.as_str(), &format!("{rev}:")),
            None => text.to_string(),
        }
    }

    /// A loaded file as the repository names it (for annotations): the path in the revision
    /// for a file of a revision, else the path relative to the working directory `cwd`.
    pub fn repo_file(&self, file: &str, cwd: &Path) -> String {
        match &self.rewrite {
            Some((prefix, _)) if file.starts_with(prefix.as_str()) => {
                file[prefix.len()..].to_string()
            }
            _ => relative_path(file, cwd),
        }
    }
}

/// Both sides, and the temporary directory that holds the revisions' files while they are read
/// (removed when dropped).
#[derive(Debug)]
pub struct GitSides {
    pub old: Side,
    pub new: Side,
    pub files: TempDir,
}

fn fail(message: impl Into<String>) -> CliError {
    CliError::Input(message.into())
}

/// Runs `git` with `args` in `dir` and returns its standard output.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, CliError> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            fail(format!(
                "--git: cannot run git ({e}); install git or compare two paths with --to"
            ))
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let command = args.iter().find(|a| !a.starts_with('-')).copied();
        return Err(fail(format!(
            "git {}: {}",
            command.unwrap_or_default(),
            stderr.trim()
        )));
    }
    Ok(output.stdout)
}

fn git_line(dir: &Path, args: &[&str]) -> Result<String, CliError> {
    let out = git(dir, args)?;
    Ok(String::from_utf8_lossy(&out)
        .trim_end_matches('\n')
        .to_string())
}

/// `BASE`, `BASE..HEAD` or `BASE...HEAD` (from their merge base): (base, head, merge base?).
fn parse_range(range: &str) -> Result<(String, Option<String>, bool), CliError> {
    let (base, head, merge_base) = match range.split_once("...") {
        Some((b, h)) => (b, Some(h), true),
        None => match range.split_once("..") {
            Some((b, h)) => (b, Some(h), false),
            None => (range, None, false),
        },
    };
    let base = if base.is_empty() { "HEAD" } else { base };
    let head = head.map(|h| if h.is_empty() { "HEAD" } else { h });
    for rev in std::iter::once(base).chain(head) {
        if rev.starts_with('-') || rev.contains(char::is_whitespace) {
            return Err(fail(format!("--git: {rev:?} is not a revision")));
        }
    }
    Ok((base.to_string(), head.map(str::to_string), merge_base))
}

/// The commit a revision names, or a clear error.
fn commit(top: &Path, rev: &str) -> Result<String, CliError> {
    let spec = format!("{rev}^{{commit}}");
    git_line(
        top,
        &["rev-parse", "--verify", "--quiet", "--end-of-options", &spec],
    )
    .map_err(|_| {
        fail(format!(
            "--git: unknown revision {rev:?} (no such commit, branch or tag in this repository; in CI, fetch it first, e.g. actions/checkout with fetch-depth: 0)"
        ))
    })
}

/// `path` (relative to the working directory `prefix` inside the repository, or absolute) as a
/// path from the repository's top, with `/` separators; `""` is the whole repository.
fn repo_path(path: &Path, top: &Path, prefix: &str) -> Result<String, CliError> {
    let mut parts: Vec<String> = Vec::new();
    let full = if path.is_absolute() {
        let top_parts = normal_parts(top);
        let parts = normal_parts(path);
        if !parts.starts_with(&top_parts) {
            return Err(fail(format!(
                "--git: {} is outside the repository {}",
                path.display(),
                top.display()
            )));
        }
        return Ok(parts[top_parts.len()..].join("/"));
    } else {
        Path::new(prefix).join(path)
    };
    for c in full.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(fail(format!(
                        "--git: {} is outside the repository",
                        path.display()
                    )));
                }
            }
            c => parts.push(c.as_os_str().to_string_lossy().into_owned()),
        }
    }
    Ok(parts.join("/"))
}

fn normal_parts(p: &Path) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => out.push(s.to_string_lossy().into_owned()),
            Component::ParentDir => {
                out.pop();
            }
            _ => {}
        }
    }
    out
}

/// A blob of a tree: its id and its path from the repository's top.
struct Blob {
    id: String,
    path: String,
}

/// Every file under `paths` in `commit` (symlinks and submodules are left out, with a note).
fn list_blobs(
    top: &Path,
    commit: &str,
    rev: &str,
    paths: &[String],
) -> Result<Vec<Blob>, CliError> {
    let mut args = vec![
        "--literal-pathspecs",
        "ls-tree",
        "-r",
        "-z",
        "--full-tree",
        commit,
        "--",
    ];
    args.extend(
        paths
            .iter()
            .map(|p| if p.is_empty() { "." } else { p.as_str() }),
    );
    let out = git(top, &args)?;
    let mut blobs = Vec::new();
    for record in out.split(|b| *b == 0).filter(|r| !r.is_empty()) {
        let record = String::from_utf8_lossy(record);
        let Some((meta, path)) = record.split_once('\t') else {
            continue;
        };
        let fields: Vec<&str> = meta.split(' ').collect();
        let safe = Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        match fields.as_slice() {
            ["100644" | "100755", "blob", id] if safe => blobs.push(Blob {
                id: id.to_string(),
                path: path.to_string(),
            }),
            _ => eprintln!("olm-graph: {rev}:{path}: not a regular file, not read"),
        }
    }
    for p in paths {
        let found = p.is_empty()
            || blobs
                .iter()
                .any(|b| b.path == *p || b.path.starts_with(&format!("{p}/")));
        if !found {
            return Err(fail(format!(
                "--git: {p} does not exist in {rev} (a path missing on one side cannot be compared)"
            )));
        }
    }
    Ok(blobs)
}

/// Writes every blob under `dir`, reading them all through one `git cat-file --batch`.
fn write_blobs(top: &Path, blobs: &[Blob], dir: &Path) -> Result<(), CliError> {
    let mut child = Command::new("git")
        .args(["cat-file", "--batch"])
        .current_dir(top)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| fail(format!("--git: cannot run git cat-file: {e}")))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| fail("--git: no pipe to git cat-file"))?;
    let request: String = blobs.iter().map(|b| format!("{}\n", b.id)).collect();
    let writer = std::thread::spawn(move || stdin.write_all(request.as_bytes()));
    let mut out = Vec::new();
    child
        .stdout
        .take()
        .ok_or_else(|| fail("--git: no pipe from git cat-file"))?
        .read_to_end(&mut out)
        .map_err(|e| fail(format!("--git: reading git cat-file: {e}")))?;
    let _ = writer.join();
    let _ = child.wait();
    let mut rest = out.as_slice();
    for b in blobs {
        let header_end = rest
            .iter()
            .position(|c| *c == b'\n')
            .ok_or_else(|| fail(format!("--git: git cat-file ended before {}", b.path)))?;
        let header = String::from_utf8_lossy(&rest[..header_end]).to_string();
        let size: usize = header
            .rsplit(' ')
            .next()
            .and_then(|s| s.parse().ok())
            .filter(|_| header.contains(" blob "))
            .ok_or_else(|| fail(format!("--git: cannot read {}: {header}", b.path)))?;
        let body = rest
            .get(header_end + 1..header_end + 1 + size)
            .ok_or_else(|| fail(format!("--git: {} is cut short", b.path)))?;
        let target = dir.join(&b.path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| fail(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&target, body).map_err(|e| fail(format!("{}: {e}", target.display())))?;
        rest = rest.get(header_end + 2 + size..).unwrap_or_default();
    }
    Ok(())
}

/// Copies `paths` of `rev` into `dir/` and returns the side that loads them.
fn revision_side(
    top: &Path,
    rev: &str,
    commit: &str,
    paths: &[String],
    dir: &Path,
) -> Result<Side, CliError> {
    let blobs = list_blobs(top, commit, rev, paths)?;
    write_blobs(top, &blobs, dir)?;
    let short: String = commit.chars().take(12).collect();
    let prefix = format!("{}/", dir.display());
    Ok(Side {
        label: format!("{rev} ({short})"),
        paths: paths.iter().map(|p| dir.join(p)).collect(),
        rewrite: Some((prefix, rev.to_string())),
    })
}

/// Both sides of `--git RANGE` for `paths` (the working directory when empty).
pub fn sides(range: &str, paths: &[PathBuf]) -> Result<GitSides, CliError> {
    let (base, head, merge_base) = parse_range(range)?;
    let cwd = std::env::current_dir().map_err(|e| fail(format!("working directory: {e}")))?;
    let top = PathBuf::from(
        git_line(&cwd, &["rev-parse", "--show-toplevel"])
            .map_err(|e| fail(format!("--git needs a git repository here ({e})")))?,
    );
    let prefix = git_line(&cwd, &["rev-parse", "--show-prefix"])?;
    let given: Vec<PathBuf> = if paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        paths.to_vec()
    };
    let mut repo_paths = Vec::new();
    let mut seen = HashSet::new();
    for p in &given {
        let r = repo_path(p, &top, &prefix)?;
        if seen.insert(r.clone()) {
            repo_paths.push(r);
        }
    }
    let head_commit = head.as_deref().map(|h| commit(&top, h)).transpose()?;
    let mut base_commit = commit(&top, &base)?;
    if merge_base {
        let h = head_commit.as_deref().unwrap_or("HEAD");
        base_commit = git_line(&top, &["merge-base", &base_commit, h])
            .map_err(|e| fail(format!("--git: no merge base of {base} and {h}: {e}")))?;
    }
    let files = tempfile::tempdir().map_err(|e| fail(format!("temporary directory: {e}")))?;
    let old = revision_side(
        &top,
        &base,
        &base_commit,
        &repo_paths,
        &files.path().join("old"),
    )?;
    let new = match (&head, &head_commit) {
        (Some(h), Some(c)) => revision_side(&top, h, c, &repo_paths, &files.path().join("new"))?,
        _ => working_tree_side(&given)?,
    };
    Ok(GitSides { old, new, files })
}

fn working_tree_side(paths: &[PathBuf]) -> Result<Side, CliError> {
    for p in paths {
        if !p.exists() {
            return Err(fail(format!(
                "--git: {} does not exist in the working tree (a path missing on one side cannot be compared)",
                p.display()
            )));
        }
    }
    Ok(Side {
        label: "the working tree".into(),
        paths: paths.to_vec(),
        rewrite: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        let r = |s: &str| parse_range(s).map_err(|e| e.to_string());
        assert_eq!(r("origin/main"), Ok(("origin/main".into(), None, false)));
        assert_eq!(r("a..b"), Ok(("a".into(), Some("b".into()), false)));
        assert_eq!(r("a...b"), Ok(("a".into(), Some("b".into()), true)));
        assert_eq!(r("a.."), Ok(("a".into(), Some("HEAD".into()), false)));
        assert!(r("--output=x").is_err());
    }

    #[test]
    fn paths_from_the_repository_top() {
        let top = Path::new("/repo");
        assert_eq!(
            repo_path(Path::new("catalog/"), top, "sub/").ok(),
            Some("sub/catalog".into())
        );
        assert_eq!(repo_path(Path::new("."), top, "").ok(), Some(String::new()));
        assert_eq!(
            repo_path(Path::new("../x"), top, "sub/").ok(),
            Some("x".into())
        );
        assert_eq!(
            repo_path(Path::new("/repo/a/b"), top, "sub/").ok(),
            Some("a/b".into())
        );
        assert!(repo_path(Path::new("../../x"), top, "sub/").is_err());
        assert!(repo_path(Path::new("/elsewhere"), top, "").is_err());
    }
}

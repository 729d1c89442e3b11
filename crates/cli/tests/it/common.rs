//! Shared helpers of the CLI's integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `olm-graph` run from the crate's folder, so relative paths in its output resolve from there.
pub fn run(args: &[&str]) -> Output {
    run_in(manifest_dir(), args)
}

/// `olm-graph` run in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("olm-graph runs")
}

/// `../shared/catalogs` beside the checkout (or `$OLM_GRAPH_CATALOGS`); the tests fail, rather
/// than pass vacuously, when it is missing.
pub fn catalogs_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("OLM_GRAPH_CATALOGS") {
        return PathBuf::from(dir);
    }
    let dir = manifest_dir().join("../../../shared/catalogs");
    assert!(
        dir.is_dir(),
        "real catalogs not found at {} (set OLM_GRAPH_CATALOGS)",
        dir.display()
    );
    dir
}

/// Tables (rows of the header's width) and whether any HTML came through.
pub struct MarkdownShape {
    pub tables: Vec<Vec<usize>>,
    pub html: Vec<String>,
    pub code_blocks: Vec<(String, String)>,
}

pub fn markdown_shape(text: &str) -> MarkdownShape {
    let mut shape = MarkdownShape {
        tables: Vec::new(),
        html: Vec::new(),
        code_blocks: Vec::new(),
    };
    let mut cells = 0;
    let mut block: Option<(String, String)> = None;
    for event in Parser::new_ext(text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Table(_)) => shape.tables.push(Vec::new()),
            Event::Start(Tag::TableHead | Tag::TableRow) => cells = 0,
            Event::End(TagEnd::TableHead | TagEnd::TableRow) => {
                if let Some(t) = shape.tables.last_mut() {
                    t.push(cells);
                }
            }
            Event::Start(Tag::TableCell) => cells += 1,
            Event::Html(h) | Event::InlineHtml(h) => shape.html.push(h.to_string()),
            Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(lang))) => {
                block = Some((lang.to_string(), String::new()));
            }
            Event::Text(t) => {
                if let Some(b) = block.as_mut() {
                    b.1.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => shape.code_blocks.extend(block.take()),
            _ => {}
        }
    }
    shape
}

/// Checks a Mermaid block against the subset of the flowchart grammar `olm-graph review`
/// writes: `flowchart LR`, `classDef`, nodes `nK["label"]` and `rK{{"label"}}`, edges `-->`,
/// `-.->|skips|` and `-.->` between defined nodes, `class` lines naming defined nodes and
/// classes, `linkStyle` lines naming existing links. Labels hold no quote, no angle bracket, no
/// backtick and no `#` outside an entity code. Returns the number of nodes and links.
pub fn check_mermaid(block: &str) -> Result<(usize, usize), String> {
    use std::collections::HashSet;
    let mut lines = block.lines();
    if lines.next() != Some("flowchart LR") {
        return Err("does not start with `flowchart LR`".into());
    }
    let mut classes: HashSet<String> = HashSet::new();
    let mut nodes: HashSet<String> = HashSet::new();
    let mut links = 0usize;
    for raw in lines {
        let line = raw.trim();
        let err = |what: &str| Err(format!("{what}: {raw:?}"));
        let words: Vec<&str> = line.split(' ').collect();
        if let Some(rest) = line.strip_prefix("classDef ") {
            let (name, style) = rest.split_once(' ').ok_or("classDef without style")?;
            if !is_style(style) || !name.chars().all(|c| c.is_ascii_lowercase()) {
                return err("bad classDef");
            }
            classes.insert(name.to_string());
        } else if let Some((id, label)) = node_line(line) {
            check_label(label).map_err(|e| format!("{e}: {raw:?}"))?;
            if !nodes.insert(id.to_string()) {
                return err("node defined twice");
            }
        } else if words.len() == 3 && ["-->", "-.->|skips|", "-.->"].contains(&words[1]) {
            if !nodes.contains(words[0]) || !nodes.contains(words[2]) {
                return err("edge between undefined nodes");
            }
            links += 1;
        } else if words.len() == 3 && words[0] == "class" {
            if !classes.contains(words[2]) || !words[1].split(',').all(|n| nodes.contains(n)) {
                return err("class of undefined nodes or class");
            }
        } else if words.len() >= 3 && words[0] == "linkStyle" {
            let ok = words[1]
                .split(',')
                .all(|n| n.parse::<usize>().is_ok_and(|n| n < links));
            if !ok || !is_style(&words[2..].join(" ")) {
                return err("bad linkStyle");
            }
        } else {
            return err("not in the grammar");
        }
    }
    Ok((nodes.len(), links))
}

fn is_style(style: &str) -> bool {
    style.split(',').all(|part| {
        part.split_once(':').is_some_and(|(k, v)| {
            !k.is_empty()
                && k.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && !v.is_empty()
                && v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "#. ".contains(c))
        })
    })
}

/// `nK["label"]` or `rK{{"label"}}`: the id and the label.
fn node_line(line: &str) -> Option<(&str, &str)> {
    let open = line.find(['[', '{'])?;
    let (id, rest) = line.split_at(open);
    let valid_id = (id.starts_with('n') || id.starts_with('r'))
        && id.len() > 1
        && id[1..].chars().all(|c| c.is_ascii_digit());
    if !valid_id {
        return None;
    }
    let label = rest
        .strip_prefix("[\"")
        .and_then(|r| r.strip_suffix("\"]"))
        .or_else(|| {
            rest.strip_prefix("{{\"")
                .and_then(|r| r.strip_suffix("\"}}"))
        })?;
    Some((id, label))
}

fn check_label(label: &str) -> Result<(), String> {
    if label.contains(['"', '<', '>', '`', '\n', '\r']) {
        return Err("raw quote, angle bracket or backtick in a label".into());
    }
    let mut rest = label;
    while let Some(i) = rest.find('#') {
        let entity = &rest[i + 1..];
        let end = entity.find(';').ok_or("`#` without entity")?;
        let name = &entity[..end];
        let valid = !name.is_empty()
            && (name.chars().all(|c| c.is_ascii_digit())
                || name.chars().all(|c| c.is_ascii_lowercase()));
        if !valid {
            return Err(format!("bad entity #{name};"));
        }
        rest = &entity[end + 1..];
    }
    Ok(())
}

/// The HTML a review may hold: its own `<details>`, `<summary>` and `<code>` tags.
pub fn only_report_html(html: &[String]) -> Result<(), String> {
    for h in html {
        let mut rest = h.as_str();
        while let Some(i) = rest.find('<') {
            let tag_end = rest[i..]
                .find('>')
                .ok_or(format!("unclosed tag in {h:?}"))?;
            let tag = &rest[i..i + tag_end + 1];
            let allowed = [
                "<details>",
                "</details>",
                "<summary>",
                "</summary>",
                "<code>",
                "</code>",
            ];
            if !allowed.contains(&tag) {
                return Err(format!("unexpected HTML {tag:?} in {h:?}"));
            }
            rest = &rest[i + tag_end + 1..];
        }
    }
    Ok(())
}

/// A scratch git repository in a temporary folder.
pub struct ScratchRepo {
    pub dir: tempfile::TempDir,
}

impl ScratchRepo {
    pub fn new() -> ScratchRepo {
        let repo = ScratchRepo {
            dir: tempfile::tempdir().expect("temporary folder"),
        };
        repo.git(&["init", "--quiet", "--initial-branch=main"]);
        repo.git(&["config", "user.email", "test@example.com"]);
        repo.git(&["config", "user.name", "olm-graph tests"]);
        repo.git(&["config", "commit.gpgsign", "false"]);
        repo
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Runs git; panics with its output when it fails.
    pub fn git(&self, args: &[&str]) -> String {
        let out = Command::new("git")
            .args(args)
            .current_dir(self.path())
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Copies `from` to `rel` (relative to the repository) and stages it.
    pub fn put(&self, rel: &str, from: &Path) {
        let target = self.path().join(rel);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::copy(from, &target).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
        self.git(&["add", rel]);
    }

    pub fn write(&self, rel: &str, text: &str) {
        let target = self.path().join(rel);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(&target, text).expect("write");
        self.git(&["add", rel]);
    }

    pub fn commit(&self, message: &str) {
        self.git(&["commit", "--quiet", "-m", message]);
    }
}

/// The descheduler catalog of one OpenShift version (`"4.16"`).
pub fn descheduler(version: &str) -> PathBuf {
    catalogs_dir().join(format!(
        "openshift-kube-descheduler-fbc/v{version}/cluster-kube-descheduler-operator.json"
    ))
}

/// A scratch repository whose `catalog/` holds descheduler 4.16 in one commit, and in the next
/// the same file with the bundles 4.17 dropped: 4.17's catalog. `refs/remotes/origin/main`
/// points at the first commit.
pub fn descheduler_repo() -> ScratchRepo {
    let repo = ScratchRepo::new();
    let file = "catalog/cluster-kube-descheduler-operator/catalog.json";
    repo.put(file, &descheduler("4.16"));
    repo.write("README.md", "# catalog\n");
    repo.commit("descheduler as in OpenShift 4.16");
    repo.git(&["update-ref", "refs/remotes/origin/main", "HEAD"]);
    repo.put(file, &descheduler("4.17"));
    repo.commit("drop the 4.14 bundles, as OpenShift 4.17 does");
    repo
}

/// A cluster-state fixture of core's tests (`crates/core/tests/fixtures/cluster/REL`), as a
/// command-line argument.
pub fn cluster_fixture(rel: &str) -> String {
    manifest_dir()
        .join("../core/tests/fixtures/cluster")
        .join(rel)
        .display()
        .to_string()
}

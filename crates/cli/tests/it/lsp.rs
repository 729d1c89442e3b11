//! `olm-graph lsp` at the protocol level: a minimal client over the built binary's standard
//! input and output, on real catalogs from `../shared/catalogs` and on hostile input (a file
//! over the size limit, deep nesting, a flood of changes). The editors' own clients (pytest-lsp,
//! Neovim) drive it in `tests/lsp/`.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::{catalogs_dir, run};

/// How long a test waits for one message before it fails (never reached by a working server;
/// it keeps a hung server from hanging the test run).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running `olm-graph lsp` and the messages it sent.
struct Client {
    child: Child,
    stdin: ChildStdin,
    inbox: Receiver<Value>,
    /// Messages read while waiting for an answer, not yet looked at.
    pending: VecDeque<Value>,
    next_id: i64,
}

impl Client {
    /// Starts the server with `flags` before `lsp` and initializes it on `root`.
    fn start(root: &Path, flags: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
            .args(flags)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("olm-graph lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, inbox) = channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut out) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let mut c = Client {
            child,
            stdin,
            inbox,
            pending: VecDeque::new(),
            next_id: 0,
        };
        let root_uri = uri(root);
        let init = c.request(
            "initialize",
            json!({"processId": null, "rootUri": root_uri, "capabilities": {},
                   "workspaceFolders": [{"uri": root_uri, "name": "catalog"}]}),
        );
        assert!(init["capabilities"]["hoverProvider"]
            .as_bool()
            .unwrap_or(false));
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, m: Value) {
        let body = m.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message: one kept aside, else one read.
    fn next(&mut self) -> Value {
        match self.pending.pop_front() {
            Some(m) => m,
            None => self
                .inbox
                .recv_timeout(PATIENCE)
                .expect("a message in time"),
        }
    }

    /// Sends a request and waits for its answer; the messages before it are kept for
    /// [`Client::next`].
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let mut kept = VecDeque::new();
        let answer = loop {
            let m = self.next();
            if m["id"] == json!(id) {
                assert!(m.get("error").is_none(), "{method} failed: {m}");
                break m["result"].clone();
            }
            kept.push_back(m);
        };
        kept.extend(self.pending.drain(..));
        self.pending = kept;
        answer
    }

    /// The diagnostics published for `file` next.
    fn diagnostics_of(&mut self, file: &Path) -> Vec<Value> {
        let want = uri(file);
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    fn open(&mut self, file: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(file), "languageId": "yaml", "version": 1, "text": text}}),
        );
    }

    /// Waits until the server took every message sent so far, then forgets the diagnostics it
    /// published for `file` meanwhile.
    fn settle(&mut self, file: &Path) {
        self.request("workspace/symbol", json!({"query": "settle"}));
        let u = uri(file);
        self.pending.retain(|m| m["params"]["uri"] != u);
    }

    fn change(&mut self, file: &Path, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(file), "version": version},
                   "contentChanges": [{"text": text}]}),
        );
    }

    fn stop(mut self) {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "olm-graph lsp exits 0 after exit");
    }
}

/// One message of the base protocol.
fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut len = 0;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse().ok()?;
        }
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// (code, line, column, severity) of `lint --format json`'s findings located in `file`, 1-based
/// as lint prints them, severity as LSP numbers it.
fn lint_findings(root: &Path, file: &Path) -> Vec<(String, u64, u64, u64)> {
    let out = run(&["lint", root.to_str().expect("utf-8"), "--format", "json"]);
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).expect("lint's JSON");
    let want = file.to_str().expect("utf-8");
    let mut v: Vec<_> = all
        .iter()
        .filter(|d| d["location"]["file"] == want && d["location"]["line"].is_u64())
        .map(|d| {
            let sev = match d["severity"].as_str() {
                Some("error") => 1,
                Some("warning") => 2,
                _ => 3,
            };
            let l = &d["location"];
            (
                d["code"].as_str().unwrap_or_default().to_string(),
                l["line"].as_u64().unwrap_or(0),
                l["column"].as_u64().unwrap_or(1),
                sev,
            )
        })
        .collect();
    v.sort();
    v
}

/// The same of the server's diagnostics (located ones), back to 1-based.
fn server_findings(diags: &[Value]) -> Vec<(String, u64, u64, u64)> {
    let mut v: Vec<_> = diags
        .iter()
        .filter(|d| d["data"]["located"] == json!(true))
        .map(|d| {
            let s = &d["range"]["start"];
            (
                d["code"].as_str().unwrap_or_default().to_string(),
                s["line"].as_u64().unwrap_or(0) + 1,
                s["character"].as_u64().unwrap_or(0) + 1,
                d["severity"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    v.sort();
    v
}

/// A real catalog folder copied into a temporary directory (so the test may edit it); only the
/// files named in `only`, when it is not empty.
fn copy_catalog(rel: &str, only: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let root = tmp.path().canonicalize().expect("canonical");
    let src = catalogs_dir().join(rel);
    for e in std::fs::read_dir(&src).expect("the catalog folder") {
        let e = e.expect("an entry");
        if !only.is_empty() && !only.iter().any(|n| e.file_name() == *n) {
            continue;
        }
        std::fs::copy(e.path(), root.join(e.file_name())).expect("copied");
    }
    (tmp, root)
}

/// The two-operator folder the editing tests work in (infinispan, nfs-provisioner-operator,
/// copied from community-operators-prod v4.21), a server started on it, and
/// nfs-provisioner-operator.yaml opened in it: the folder (and its guard), the file, its text,
/// the client.
fn nfs_opened() -> (tempfile::TempDir, PathBuf, PathBuf, String, Client) {
    let (tmp, root) = copy_catalog(
        "community-operators-prod/v4.21",
        &["infinispan.yaml", "nfs-provisioner-operator.yaml"],
    );
    let file = root.join("nfs-provisioner-operator.yaml");
    let text = std::fs::read_to_string(&file).expect("text");
    let mut c = Client::start(&root, &[]);
    c.open(&file, &text);
    (tmp, root, file, text, c)
}

#[test]
fn diagnostics_equal_lints_on_a_real_catalog() {
    let (_tmp, root) = copy_catalog(
        "community-operators-prod/v4.21",
        &["infinispan.yaml", "nfs-provisioner-operator.yaml"],
    );
    let file = root.join("infinispan.yaml");
    let mut c = Client::start(&root, &[]);
    let text = std::fs::read_to_string(&file).expect("text");
    let diags = c.diagnostics_of(&file);
    let want = lint_findings(&root, &file);
    assert!(!want.is_empty(), "infinispan has findings to compare");
    assert_eq!(server_findings(&diags), want);
    let d = &diags[0];
    assert!(d["codeDescription"]["href"]
        .as_str()
        .unwrap_or_default()
        .contains("rules.md#"));
    c.open(&file, &text);
    assert_eq!(server_findings(&c.diagnostics_of(&file)), want);
    c.stop();
}

#[test]
fn a_dangling_replaces_is_found_then_fixed() {
    let (_tmp, _, file, text, mut c) = nfs_opened();
    c.settle(&file);
    let broken = text.replace(
        "replaces: nfs-provisioner-operator.v0.0.8",
        "replaces: nfs-provisioner-operator.v0.0.7",
    );
    c.change(&file, 2, &broken);
    let diags = c.diagnostics_of(&file);
    let chain: Vec<&Value> = diags
        .iter()
        .filter(|d| d["code"] == "opm.validate.chain")
        .collect();
    assert_eq!(chain.len(), 1, "{diags:?}");
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&file)}, "range": chain[0]["range"],
               "context": {"diagnostics": [chain[0]]}}),
    );
    let edits = &actions[0]["edit"]["changes"][uri(&file)];
    assert_eq!(edits[0]["newText"], "nfs-provisioner-operator.v0.0.8");
    let line = edits[0]["range"]["start"]["line"].as_u64().expect("a line") as usize;
    assert!(broken
        .lines()
        .nth(line)
        .is_some_and(|l| l.contains("v0.0.7")));
    c.change(&file, 3, &text);
    assert!(c.diagnostics_of(&file).is_empty(), "undoing clears it");
    c.stop();
}

#[test]
fn hover_definition_references_symbols_completion_and_render() {
    let (_tmp, root, file, text, mut c) = nfs_opened();
    let at = json!({"textDocument": {"uri": uri(&file)}, "position": {"line": 8, "character": 20}});
    let hover = c.request("textDocument/hover", at.clone());
    let md = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        md.contains(
            "1. nfs-provisioner-operator.v0.0.8 -> nfs-provisioner-operator.v0.0.9  via replaces"
        ),
        "{md}"
    );
    let def = c.request("textDocument/definition", at.clone());
    let line = def["range"]["start"]["line"].as_u64().expect("a line") as usize;
    assert!(text
        .lines()
        .nth(line)
        .is_some_and(|l| l.starts_with("name: nfs-provisioner-operator.v0.0.8")));
    let mut refs_params = at.clone();
    refs_params["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", refs_params);
    assert_eq!(
        refs.as_array().map(Vec::len),
        Some(text.matches("nfs-provisioner-operator.v0.0.8\n").count())
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri(&file)}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "nfs-provisioner-operator",
            "alpha",
            "nfs-provisioner-operator.v0.0.8",
            "nfs-provisioner-operator.v0.0.9"
        ]
    );
    let found = c.request(
        "workspace/symbol",
        json!({"query": "infinispan-operator.v2.2.0"}),
    );
    assert!(found.as_array().is_some_and(|a| !a.is_empty()));
    let items = c.request("textDocument/completion", at.clone());
    let labels: Vec<&str> = items
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert_eq!(
        labels,
        [
            "nfs-provisioner-operator.v0.0.9",
            "nfs-provisioner-operator.v0.0.8"
        ]
    );
    let rendered = c.request("olm-graph/render", at);
    let cli = run(&[
        "render",
        root.to_str().expect("utf-8"),
        "-p",
        "nfs-provisioner-operator",
        "-c",
        "alpha",
    ]);
    assert_eq!(
        rendered["svg"].as_str(),
        Some(String::from_utf8_lossy(&cli.stdout).as_ref())
    );
    c.stop();
}

#[test]
fn hostile_input_never_blocks_the_server() {
    let (_tmp, root) = copy_catalog(
        "community-operators-prod/v4.21",
        &["nfs-provisioner-operator.yaml"],
    );
    let mut c = Client::start(&root, &["--max-total-bytes", "200K"]);
    // A file over the limit is refused with the limit's finding.
    let huge = root.join("huge.yaml");
    let big = "schema: olm.package\nname: huge\n".to_string() + &"# padding\n".repeat(100_000);
    c.open(&huge, &big);
    let d = c.diagnostics_of(&huge);
    assert!(d.iter().any(|d| d["code"] == "load.limit"), "{d:?}");
    // Deep nesting is refused at the depth limit.
    let deep = root.join("deep.json");
    c.open(
        &deep,
        &format!("{}{}", "[".repeat(5_000), "]".repeat(5_000)),
    );
    assert!(!c.diagnostics_of(&deep).is_empty());
    // A flood of changes: the server ends on the last text, and answers.
    let file = root.join("nfs-provisioner-operator.yaml");
    let text = std::fs::read_to_string(&file).expect("text");
    let broken = text.replace(
        "replaces: nfs-provisioner-operator.v0.0.8",
        "replaces: gone",
    );
    c.open(&file, &text);
    c.settle(&file);
    for v in 2..500 {
        c.change(&file, v, if v % 2 == 0 { &broken } else { &text });
    }
    c.change(&file, 500, &broken);
    // The answer comes after the diagnostics of every change sent before it.
    let symbols = c.request("workspace/symbol", json!({"query": "nfs"}));
    assert!(symbols.as_array().is_some_and(|a| !a.is_empty()));
    let published: Vec<&Value> = (c.pending.iter())
        .filter(|m| m["params"]["uri"] == uri(&file))
        .collect();
    assert!(
        published.len() < 500,
        "queued changes are taken together, not one check each"
    );
    let last = published
        .last()
        .map(|m| m["params"]["diagnostics"].clone())
        .unwrap_or_default();
    let last = last.as_array().cloned().unwrap_or_default();
    assert!(
        last.iter().any(|d| d["code"] == "opm.validate.chain"),
        "the last text is checked"
    );
    c.stop();
}

/// The fixture operator repository (bundle layout) copied under `operators/` of a temporary
/// directory, as community-operators-prod lays it out.
fn copy_operator_repo() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let src = crate::common::manifest_dir()
        .join("../core/tests/fixtures/operator-repo/koku-metrics-operator");
    let dest = tmp
        .path()
        .canonicalize()
        .expect("canonical")
        .join("operators/koku-metrics-operator");
    copy_tree(&src, &dest);
    (tmp, dest)
}

fn copy_tree(src: &Path, dest: &Path) {
    std::fs::create_dir_all(dest).expect("a folder");
    for e in std::fs::read_dir(src).expect("a folder") {
        let e = e.expect("an entry");
        let to = dest.join(e.file_name());
        if e.path().is_dir() {
            copy_tree(&e.path(), &to);
        } else {
            std::fs::copy(e.path(), &to).expect("copied");
        }
    }
}

#[test]
fn an_operator_repository_gets_the_pipelines_findings() {
    let (_tmp, root) = copy_operator_repo();
    let ci = root.join("ci.yaml");
    let text = std::fs::read_to_string(&ci).expect("ci.yaml");
    let mut c = Client::start(&root, &[]);
    let csv = root.join("4.4.1/manifests/koku-metrics-operator.clusterserviceversion.yaml");
    c.open(&csv, &std::fs::read_to_string(&csv).expect("the CSV"));
    c.open(&ci, &text);
    c.settle(&ci);
    c.change(
        &ci,
        2,
        &text.replace("updateGraph: replaces-mode", "updateGraph: foo-mode"),
    );
    let d = c.diagnostics_of(&ci);
    let codes: Vec<&str> = d.iter().filter_map(|d| d["code"].as_str()).collect();
    // lint's finding first, then the pipeline's checks of ci.yaml among the others.
    assert_eq!(codes[0], "load.repo");
    assert!(codes.contains(&"check_ci_upgrade_graph"), "{codes:?}");
    assert!(
        codes.contains(&"check_schema_operator_ci_config"),
        "{codes:?}"
    );
    // Every pipeline finding is one `preflight --pipeline community` reports, word for word.
    std::fs::write(
        &ci,
        text.replace("updateGraph: replaces-mode", "updateGraph: foo-mode"),
    )
    .expect("written");
    let out = run(&[
        "preflight",
        root.to_str().expect("utf-8"),
        "--pipeline",
        "community",
        "--format",
        "json",
    ]);
    std::fs::write(&ci, &text).expect("written");
    let report: Value = serde_json::from_slice(&out.stdout).expect("preflight's JSON");
    let reported: Vec<(String, String)> = (report["checks"].as_array().into_iter().flatten())
        .filter(|c| c["result"] == "fail" || c["result"] == "warn")
        .flat_map(|c| {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            let messages = c["messages"].as_array().cloned().unwrap_or_default();
            messages
                .into_iter()
                .map(move |m| (name.clone(), m.as_str().unwrap_or_default().to_string()))
        })
        .collect();
    for x in d.iter().filter(|x| x["source"] == "olm-graph preflight") {
        let pair = (
            x["code"].as_str().unwrap_or_default().to_string(),
            x["message"].as_str().unwrap_or_default().to_string(),
        );
        assert!(reported.contains(&pair), "{pair:?} not in {reported:?}");
    }
    let ci_message = d
        .iter()
        .find(|x| x["code"] == "check_ci_upgrade_graph")
        .expect("the check");
    assert_eq!(
        ci_message["message"],
        "The 'updateGraph' option in ci.yaml must be one of ['replaces-mode', 'semver-mode']"
    );
    c.change(&ci, 3, &text);
    // Undone: what the edit caused goes (the checks the fixture fails anyway stay).
    let after = c.diagnostics_of(&ci);
    assert!(
        after.iter().all(|x| ![
            "load.repo",
            "check_ci_upgrade_graph",
            "check_schema_operator_ci_config"
        ]
        .contains(&x["code"].as_str().unwrap_or_default())),
        "{after:?}"
    );
    // Re-reading one bundle's CSV re-checks its package with the rest of the repository.
    let symbols = c.request(
        "workspace/symbol",
        json!({"query": "koku-metrics-operator.v4.4.1"}),
    );
    assert!(
        symbols.as_array().is_some_and(|a| !a.is_empty()),
        "{symbols}"
    );
    assert!(lint_findings(&root, &csv).is_empty());
    c.stop();
}

#[test]
fn an_imagesetconfiguration_gets_oc_mirrors_findings() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let root = tmp.path().canonicalize().expect("canonical");
    let isc = root.join("imageset-config.yaml");
    let mut c = Client::start(&root, &[]);
    let text = "kind: ImageSetConfiguration\napiVersion: mirror.openshift.io/v2alpha1\nmirror:\n  operators:\n  - catalog: registry.redhat.io/redhat/redhat-operator-index:v4.18\n    packages:\n    - name: etcd\n      minVersion: not-a-version\n";
    c.open(&isc, text);
    let d = c.diagnostics_of(&isc);
    let mirror: Vec<&Value> = d.iter().filter(|d| d["code"] == "mirror.config").collect();
    assert_eq!(mirror.len(), 1, "{d:?}");
    assert_eq!(
        mirror[0]["message"],
        "catalog \"registry.redhat.io/redhat/redhat-operator-index:v4.18\": operator \"etcd\": minVersion \"not-a-version\" must respect semantic versioning notation"
    );
    c.stop();
}

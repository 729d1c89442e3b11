//! Will this upgrade install? CustomResourceDefinition safety of an upgrade from one bundle to
//! another, as OLM v1 (operator-controller's CRD Upgrade Safety preflight, crdify) and OLM v0
//! (the InstallPlan's CRD update) judge it ([spec/crd-safety.md](../../../../docs/spec/crd-safety.md)).
//!
//! `crd` knows nothing of files: it takes the CRD objects a bundle carries as JSON
//! ([`crate::model::BundleCrds`], which the loader keeps when asked) and, for a cluster, the
//! live CRDs and custom resources as JSON. [`schema`] types a CRD, [`crdify`] is OLM v1's check,
//! [`v0`] OLM v0's, [`pairs`] the upgrade pairs of a package, [`limits`] the named limits that
//! bound a hostile CRD.

pub mod crdify;
pub mod gojson;
pub mod limits;
pub mod pairs;
pub mod schema;
pub mod v0;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::Bundle;
use limits::CrdLimits;
use schema::Crd;

/// What OLM would do with an upgrade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The checks pass.
    Safe,
    /// The checks refuse the upgrade.
    Unsafe,
    /// The CRDs needed to judge are not in the catalog (or crossed a limit).
    Unknown,
}

impl Verdict {
    /// The verdict's word in JSON and text: `safe`, `unsafe`, `unknown`.
    ///
    /// # Complexity
    /// O(1).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "safe",
            Verdict::Unsafe => "unsafe",
            Verdict::Unknown => "unknown",
        }
    }
}

/// One problem found, for one CRD.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// The CRD's name (`<plural>.<group>`).
    pub crd: String,
    /// A version, `"<older> -> <newer>"`, or empty for a check of the whole CRD.
    pub version: String,
    /// The property's path (`^.spec.foo`), or empty.
    pub property: String,
    /// The check's name (`enum`, `storedVersionRemoval`, `unhandled`…).
    pub check: String,
    /// What the check found, in its own words.
    pub message: String,
}

/// One OLM's judgement of an upgrade.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    /// Safe, unsafe, or unknown.
    pub verdict: Verdict,
    /// What OLM says, `""` when safe.
    pub message: String,
    /// Every problem found, CRD by CRD.
    pub checks: Vec<Check>,
}

impl Judgement {
    fn safe() -> Self {
        Judgement {
            verdict: Verdict::Safe,
            message: String::new(),
            checks: Vec::new(),
        }
    }

    fn unknown(message: String) -> Self {
        Judgement {
            verdict: Verdict::Unknown,
            message,
            checks: Vec::new(),
        }
    }
}

/// Both OLMs' judgements of one upgrade.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PairJudgement {
    /// OLM v1's judgement (operator-controller's CRD upgrade safety checks).
    pub olm_v1: Judgement,
    /// OLM v0's judgement.
    pub olm_v0: Judgement,
}

/// One OLM's verdict and message, as `graph --json` edges and `path --json` hops carry them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brief {
    /// Safe, unsafe, or unknown.
    pub verdict: Verdict,
    /// What OLM says, `""` when safe.
    pub message: String,
}

/// Both OLMs' verdicts of an edge or a hop: the `crdSafety` field of `graph --json` edges and
/// `path --json` hops.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EdgeSafety {
    /// OLM v1's verdict.
    pub olm_v1: Brief,
    /// OLM v0's verdict.
    pub olm_v0: Brief,
}

impl From<&PairJudgement> for EdgeSafety {
    fn from(j: &PairJudgement) -> Self {
        let brief = |s: &Judgement| Brief {
            verdict: s.verdict,
            message: s.message.clone(),
        };
        EdgeSafety {
            olm_v1: brief(&j.olm_v1),
            olm_v0: brief(&j.olm_v0),
        }
    }
}

/// Stored versions a path has added to each CRD so far (CRD name → versions): every storage
/// version of the bundles installed before (spec/crd-safety.md §2.2).
pub type History = std::collections::BTreeMap<String, Vec<String>>;

/// What a bundle tells of its CRDs.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// Its CRDs (possibly none).
    Known(Vec<Crd>),
    /// Why they cannot be known.
    Unknown(String),
}

/// A bundle's CRDs: known when the catalog carries its manifests (or it declares no API at
/// all), unknown when it declares APIs (`olm.gvk`) without manifests, when its CSV owns a CRD
/// that is not among them, or when a CRD crosses a limit (spec/crd-safety.md §1).
///
/// # Complexity
/// O(n log k) in the size n of its CRDs.
pub fn content(b: &Bundle, limits: CrdLimits) -> Content {
    let gvks = b.property_counts.get("olm.gvk").copied().unwrap_or(0);
    let Some(c) = b.crds.as_deref() else {
        if gvks > 0 || b.bundle_objects > 0 {
            return Content::Unknown(format!(
                "bundle {:?} declares APIs but the catalog does not carry its manifests (no olm.bundle.object): its CRDs are unknown",
                b.name
            ));
        }
        return Content::Known(Vec::new());
    };
    if c.manifests == 0 && gvks > 0 {
        return Content::Unknown(format!(
            "bundle {:?} declares APIs but the catalog does not carry its manifests (no olm.bundle.object): its CRDs are unknown",
            b.name
        ));
    }
    let mut crds = Vec::new();
    for o in &c.objects {
        match Crd::from_value(o, limits) {
            Ok(Some(crd)) => crds.push(crd),
            Ok(None) => {}
            Err(e) => {
                let name = o
                    .pointer("/metadata/name")
                    .and_then(Value::as_str)
                    .unwrap_or("?");
                return Content::Unknown(format!("CRD {name:?} of bundle {:?}: {e}", b.name));
            }
        }
    }
    if let Some(missing) = c.owned.iter().find(|o| !crds.iter().any(|c| &c.name == *o)) {
        return Content::Unknown(format!(
            "bundle {:?}: its ClusterServiceVersion owns CRD {missing:?}, which is not among its manifests",
            b.name
        ));
    }
    Content::Known(crds)
}

/// What a cluster holds, for `--state`: its CRDs (with `status.storedVersions`) and custom
/// resources.
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// The cluster's CRDs, typed, with their stored versions.
    pub crds: Vec<Crd>,
    /// The custom resources, as JSON.
    pub resources: Vec<Value>,
}

impl Live {
    /// Sorts cluster objects: CRDs typed (a CRD over a limit is left out), the rest kept as
    /// custom resources.
    pub fn from_objects(objects: Vec<Value>, limits: CrdLimits) -> Live {
        let mut live = Live::default();
        for o in objects {
            if o.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition") {
                if let Ok(Some(c)) = Crd::from_value(&o, limits) {
                    live.crds.push(c);
                }
            } else {
                live.resources.push(o);
            }
        }
        live
    }
}

/// One CRD's problems under each OLM.
struct CrdProblems {
    v1: Vec<String>,
    v1_checks: Vec<Check>,
    v0: Option<(Check, String)>,
}

/// The existing CRD `new` replaces, with the stored versions the API server records: the live
/// one as it is, or the `from` bundle's with its storage version added to its
/// `status.storedVersions` (spec/crd-safety.md §2.2). `Err` when `from` is unknown.
fn existing(
    new: &Crd,
    from: &Content,
    live: Option<&Live>,
    history: Option<&History>,
) -> Result<Option<Crd>, String> {
    if let Some(l) = live.and_then(|l| l.crds.iter().find(|c| c.name == new.name)) {
        return Ok(Some(l.clone()));
    }
    let crds = match from {
        Content::Known(crds) => crds,
        Content::Unknown(why) => return Err(why.clone()),
    };
    Ok(crds.iter().find(|c| c.name == new.name).map(|c| {
        let mut c = c.clone();
        let earlier = history.and_then(|h| h.get(&c.name)).into_iter().flatten();
        let storage = c.storage_version().map(str::to_string);
        for s in earlier.cloned().chain(storage) {
            if !c.stored_versions.contains(&s) {
                c.stored_versions.push(s);
            }
        }
        c
    }))
}

fn problems(old: &Crd, new: &Crd, live: Option<&Live>) -> CrdProblems {
    let mut p = CrdProblems {
        v1: Vec::new(),
        v1_checks: Vec::new(),
        v0: None,
    };
    if new.v1 {
        for f in crdify::run(old, new) {
            p.v1.push(f.line());
            p.v1_checks.push(Check {
                crd: new.name.clone(),
                version: f.version,
                property: f.property,
                check: f.check.to_string(),
                message: f.message,
            });
        }
    }
    let resources = live.map(|l| l.resources.as_slice()).unwrap_or_default();
    if let Some(e) = v0::existing_resources_invalid(old, new, resources) {
        if !new.webhook_conversion {
            let msg = format!(
                "error validating existing CRs against new CRD's schema for {}: {e}",
                gojson::quote(&new.name)
            );
            p.v0 = Some((check(new, "existingResources", e), msg));
            return p;
        }
    }
    if let Some(e) = v0::stored_version_removed(&old.stored_versions, new) {
        let msg = format!(
            "risk of data loss updating {}: {e}",
            gojson::quote(&new.name)
        );
        p.v0 = Some((check(new, "storedVersions", e), msg));
    }
    p
}

fn check(new: &Crd, name: &str, message: String) -> Check {
    Check {
        crd: new.name.clone(),
        version: String::new(),
        property: String::new(),
        check: name.to_string(),
        message,
    }
}

/// Both OLMs' judgement of upgrading from a bundle with CRDs `from` to one with `to`, on a
/// cluster holding `live` when given (spec/crd-safety.md §2).
///
/// # Complexity
/// O(C · crdify) for C CRDs of `to`, see [`crdify::run`]; plus the resources validated.
pub fn judge(from: &Content, to: &Content, live: Option<&Live>) -> PairJudgement {
    judge_with(from, to, live, None)
}

/// [`judge`] on a path: the existing CRDs' stored versions include those of `history`.
///
/// # Complexity
/// As [`judge`].
pub fn judge_with(
    from: &Content,
    to: &Content,
    live: Option<&Live>,
    history: Option<&History>,
) -> PairJudgement {
    let news = match to {
        Content::Known(crds) => crds,
        Content::Unknown(why) => {
            return PairJudgement {
                olm_v1: Judgement::unknown(why.clone()),
                olm_v0: Judgement::unknown(why.clone()),
            }
        }
    };
    let (mut v1, mut v0) = (Judgement::safe(), Judgement::safe());
    let (mut v1_lines, mut v0_lines, mut unknown) = (Vec::new(), Vec::new(), None);
    for new in news {
        let old = match existing(new, from, live, history) {
            Ok(Some(old)) => old,
            Ok(None) => continue,
            Err(why) => {
                unknown.get_or_insert(why);
                continue;
            }
        };
        let p = problems(&old, new, live);
        if !p.v1.is_empty() {
            v1_lines.push(format!(
                "validating upgrade for CRD {}: {}",
                gojson::quote(&new.name),
                p.v1.join("\n")
            ));
            v1.checks.extend(p.v1_checks);
        }
        if let Some((c, line)) = p.v0 {
            v0_lines.push(line);
            v0.checks.push(c);
        }
    }
    for (j, lines) in [(&mut v1, v1_lines), (&mut v0, v0_lines)] {
        if !lines.is_empty() {
            j.verdict = Verdict::Unsafe;
            j.message = lines.join("\n");
        } else if let Some(why) = &unknown {
            *j = Judgement::unknown(why.clone());
        }
    }
    PairJudgement {
        olm_v1: v1,
        olm_v0: v0,
    }
}

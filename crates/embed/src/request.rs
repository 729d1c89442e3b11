//! The element's attributes, as the web app's URL parameters spell them: `package`, `channel`
//! or `view="all"`, `installed`, `resolver` (`v0`, `v1`, `both`), `fail` (the failing bundle),
//! `failure` (`csv`, `installplan`), `strategy` (`Default`, `TechPreviewUnsafeFailForward`);
//! and, from the element's script, not an attribute: `tooltips` (`off` for its first draw).

use olm_graph_core::export::{FigureRequest, FigureView};
use olm_graph_core::resolve::{Failure, FailureKind, Resolver, UpgradeStrategy};
use serde_json::Value;

/// Reads a JSON object of attributes (absent or empty attributes take their defaults).
///
/// # Complexity
/// O(A) for A bytes of the request.
pub fn parse(text: &str) -> Result<FigureRequest, String> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("the element's attributes: {e}"))?;
    let get = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let package = get("package").ok_or("the element has no package attribute")?;
    let view = match (get("view"), get("channel")) {
        (Some("all"), _) => FigureView::All,
        (Some(v), _) => return Err(format!("view={v:?}: the only view is \"all\"")),
        (None, Some(c)) => FigureView::Channel(c.to_string()),
        (None, None) => FigureView::Default,
    };
    let resolvers = match get("resolver").unwrap_or("v0") {
        "v0" => vec![Resolver::V0],
        "v1" => vec![Resolver::V1],
        "both" => vec![Resolver::V0, Resolver::V1],
        r => return Err(format!("resolver={r:?}: use v0, v1 or both")),
    };
    let strategy = match get("strategy").unwrap_or("Default") {
        "Default" => UpgradeStrategy::Default,
        "TechPreviewUnsafeFailForward" => UpgradeStrategy::TechPreviewUnsafeFailForward,
        s => {
            return Err(format!(
                "strategy={s:?}: use Default or TechPreviewUnsafeFailForward"
            ))
        }
    };
    let kind = match get("failure").unwrap_or("csv") {
        "csv" => FailureKind::Csv,
        "installplan" => FailureKind::InstallPlan,
        f => return Err(format!("failure={f:?}: use csv or installplan")),
    };
    Ok(FigureRequest {
        package: package.to_string(),
        view,
        installed: get("installed").map(str::to_string),
        resolvers,
        failure: get("fail").map(|bundle| Failure {
            bundle: bundle.to_string(),
            kind,
            strategy,
        }),
        without_tooltips: match get("tooltips").unwrap_or("on") {
            "on" => false,
            "off" => true,
            t => return Err(format!("tooltips={t:?}: use on or off")),
        },
    })
}

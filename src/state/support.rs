//! The support lifecycle overlay's inputs (`lifecycle=1`, `asof=`, `platform=` in the URL):
//! whether it is on, the day (default today) and the OpenShift version. The facts themselves
//! come from core ([`olm_graph_core::view::SupportOverlay`]), built in the graph store.

use olm_graph_core::support::{parse_platform, AsOf, Date};

/// What the toolbar's lifecycle controls hold.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OverlayInputs {
    /// The overlay is drawn.
    pub on: bool,
    /// The day chosen (`None`: today).
    pub date: Option<Date>,
    /// The OpenShift version chosen (`MAJOR.MINOR`).
    pub platform: Option<String>,
}

impl OverlayInputs {
    /// The question the overlay answers, when it is on: the day chosen or `today`, and the
    /// platform.
    pub fn as_of(&self, today: Date) -> Option<AsOf> {
        self.on.then(|| AsOf {
            date: self.date.unwrap_or(today),
            platform: self.platform.clone(),
        })
    }

    /// Inputs from the URL's values: `lifecycle` (1, true, yes), `asof` (a day) and
    /// `platform` (MAJOR.MINOR); anything else is ignored.
    pub fn from_params(on: Option<&str>, date: Option<&str>, platform: Option<&str>) -> Self {
        OverlayInputs {
            on: on.is_some_and(|v| matches!(v, "1" | "true" | "yes")),
            date: date.and_then(|d| d.trim().parse().ok()),
            platform: platform.and_then(|p| parse_platform(p).ok()),
        }
    }

    /// The URL's pairs for these inputs (none at their defaults).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.on {
            out.push(("lifecycle", "1".to_string()));
        }
        if let Some(d) = self.date {
            out.push(("asof", d.to_string()));
        }
        if let Some(p) = &self.platform {
            out.push(("platform", p.clone()));
        }
        out
    }
}

/// Today in UTC, from the browser's clock.
pub fn today() -> Date {
    let days = (js_sys::Date::now() / 86_400_000.0).floor();
    Date::from_days_since_epoch(days as i64).unwrap_or(Date::EPOCH)
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_inputs_round_trip_through_their_params() {
        let i = OverlayInputs::from_params(Some("1"), Some("2026-11-26"), Some("4.20"));
        assert!(i.on);
        assert_eq!(i.date.map(|d| d.to_string()).as_deref(), Some("2026-11-26"));
        assert_eq!(i.platform.as_deref(), Some("4.20"));
        let pairs: Vec<String> = i.params().iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(pairs, ["lifecycle=1", "asof=2026-11-26", "platform=4.20"]);
        // Bad values are dropped; off writes nothing.
        let odd = OverlayInputs::from_params(Some("0"), Some("2026-02-30"), Some("four"));
        assert_eq!(odd, OverlayInputs::default());
        assert!(odd.params().is_empty());
        assert_eq!(
            OverlayInputs::from_params(Some("1"), None, Some(" v4.18 "))
                .platform
                .as_deref(),
            Some("4.18")
        );
    }

    #[test]
    fn the_day_defaults_to_today_and_off_asks_nothing() {
        let today: Date = "2026-11-27".parse().unwrap();
        let on = OverlayInputs {
            on: true,
            ..OverlayInputs::default()
        };
        assert_eq!(on.as_of(today).map(|a| a.date), Some(today));
        assert_eq!(OverlayInputs::default().as_of(today), None);
    }
}

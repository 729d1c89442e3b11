//! Routes: the points of every individually drawn edge, from the right side of the older node to
//! the left side of the newer one, following the job's shape (see [`super::jobs`]) at the level
//! [`super::levels`] gave it.

use super::jobs::{Job, Jobs, Shape};
use super::levels::Levels;
use super::options::Geo;
use super::place::Placement;
use super::EdgeRoute;

/// The route of every drawn edge, in edge order; edges sharing a job share its points.
///
/// # Complexity
/// O(E + J) for E edges and J jobs.
pub(super) fn edge_routes(jobs: &Jobs, place: &Placement<'_>, levels: &Levels) -> Vec<EdgeRoute> {
    let mut job_points: Vec<(Vec<(f64, f64)>, bool)> = jobs
        .jobs
        .iter()
        .map(|j| {
            let s = (place.right(j.from), place.mid_y(j.from));
            let t = (place.left(j.to), place.mid_y(j.to));
            route(place.geo, j, s, t, &place.lane_top, &levels.humps)
        })
        .collect();
    // How many edges still share each job: the last one takes the points, the others copy.
    let mut left = vec![0usize; jobs.jobs.len()];
    for &j in jobs.job_of.iter().filter(|&&j| j != usize::MAX) {
        left[j] += 1;
    }
    let mut routes = Vec::with_capacity(jobs.jobs.len());
    for (i, &j) in jobs.job_of.iter().enumerate() {
        if j == usize::MAX {
            continue;
        }
        left[j] -= 1;
        let (points, curved) = if left[j] == 0 {
            std::mem::take(&mut job_points[j])
        } else {
            job_points[j].clone()
        };
        routes.push(EdgeRoute {
            edge: i,
            points,
            curved,
        });
    }
    routes
}

pub(super) fn lerp(p: (f64, f64), q: (f64, f64), t: f64) -> (f64, f64) {
    (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t)
}

/// Points of a job from `s` (right side of `from`) to `t` (left side of `to`).
fn route(
    geo: &Geo,
    job: &Job,
    s: (f64, f64),
    t: (f64, f64),
    lane_top: &[f64],
    hump_levels: &[usize],
) -> (Vec<(f64, f64)>, bool) {
    let g = geo.g;
    match job.shape {
        Shape::Straight => (vec![s, t], false),
        Shape::Adjacent => {
            // Parallel edges between the same two nodes are lifted one third of a node each.
            let (reach, lift) = if job.k == 0 {
                (g / 2.0, 0.0)
            } else {
                (g / 3.0, job.k as f64 * geo.h / 3.0)
            };
            let c1 = (s.0 + reach, s.1 - lift);
            let c2 = (t.0 - reach, t.1 - lift);
            (vec![s, c1, c2, t], true)
        }
        Shape::Hump { lane, .. } => {
            let base = lane_top[lane] - geo.step;
            let ctrl = base - job.level as f64 * geo.step / 0.75;
            let p1 = (s.0 + g / 2.0, base);
            let p2 = (t.0 - g / 2.0, base);
            let c1 = (p1.0, s.1);
            let c3 = (p2.0, t.1);
            (
                vec![s, c1, c1, p1, (p1.0, ctrl), (p2.0, ctrl), p2, c3, c3, t],
                true,
            )
        }
        Shape::Track { region, .. } => {
            let y = lane_top[region] - geo.step * (2 + hump_levels[region] + job.level) as f64;
            (track_points(g, s, t, y), true)
        }
    }
}

/// A run on the track at height `y`: up (or down) from `s`, along the track, into `t`.
fn track_points(g: f64, s: (f64, f64), t: (f64, f64), y: f64) -> Vec<(f64, f64)> {
    let mut pts = Vec::with_capacity(10);
    pts.push(s);
    let (p1, p2);
    if s.0 < t.0 {
        p1 = (s.0 + g / 2.0, y);
        p2 = (t.0 - g / 2.0, y);
        pts.extend([(s.0 + g / 4.0, s.1), (s.0 + g / 4.0, y), p1]);
        pts.extend([lerp(p1, p2, 1.0 / 3.0), lerp(p1, p2, 2.0 / 3.0), p2]);
        pts.extend([(p2.0 + g / 4.0, y), (p2.0 + g / 4.0, t.1), t]);
    } else {
        p1 = (s.0 + g / 4.0, y);
        p2 = (t.0 - g / 4.0, y);
        pts.extend([(s.0 + g / 2.0, s.1), (s.0 + g / 2.0, y), p1]);
        pts.extend([lerp(p1, p2, 1.0 / 3.0), lerp(p1, p2, 2.0 / 3.0), p2]);
        pts.extend([(t.0 - g / 2.0, y), (t.0 - g / 2.0, t.1), t]);
    }
    pts
}

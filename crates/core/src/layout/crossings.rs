//! Counting edge crossings of a finished layout (benchmarks and tests use it; the layout itself
//! does not need it): each route is flattened into straight chords and every pair of chords of
//! two different routes that cross properly counts once; rails are counted the same way, each
//! rail's pieces as one route.

use super::{EdgeRoute, Layout, Rail};

use crate::sort::SortWith;

/// The straight-line approximation of a route used by [`crossings`]: a polyline as is, each
/// cubic segment as 4 chords (t = ¼, ½, ¾, 1).
///
/// # Complexity
/// O(P) for P points.
pub fn flatten(route: &EdgeRoute) -> Vec<(f64, f64)> {
    let p = &route.points;
    if !route.curved || p.len() < 4 || (p.len() - 1) % 3 != 0 {
        return p.clone();
    }
    let mut out = Vec::with_capacity(1 + (p.len() - 1) / 3 * 4);
    out.push(p[0]);
    for seg in 0..(p.len() - 1) / 3 {
        let [p0, c1, c2, p3] = [p[3 * seg], p[3 * seg + 1], p[3 * seg + 2], p[3 * seg + 3]];
        for i in 1..=4 {
            let t = i as f64 / 4.0;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            out.push((
                a * p0.0 + b * c1.0 + c * c2.0 + d * p3.0,
                a * p0.1 + b * c1.1 + c * c2.1 + d * p3.1,
            ));
        }
    }
    out
}

/// Number of pairwise crossings between the individually drawn edges: the pairs of segments of
/// two different routes (straight-line approximation, see [`flatten`]) that cross properly.
/// Touching, shared end points and collinear overlaps do not count; bands are not counted.
///
/// # Complexity
/// O(S log S + P) for S segments and P pairs of segments whose x-extents overlap (O(S²) at worst).
pub fn crossings(layout: &Layout) -> usize {
    crossings_of_routes(&layout.edges)
}

/// [`crossings`] among some routes only (for example the `replaces` edges).
///
/// # Complexity
/// O(S log S + P) for S segments and P pairs of segments whose x-extents overlap.
pub fn crossings_of_routes<'a>(routes: impl IntoIterator<Item = &'a EdgeRoute>) -> usize {
    let polylines: Vec<Vec<Vec<(f64, f64)>>> =
        routes.into_iter().map(|r| vec![flatten(r)]).collect();
    count_crossings(&polylines)
}

/// Number of pairwise crossings between rails: pairs of pieces of two different rails that cross
/// properly (the pieces of one rail never count against each other).
///
/// # Complexity
/// O(S log S + P) for S pieces and P pairs of pieces whose x-extents overlap.
pub fn rail_crossings<'a>(rails: impl IntoIterator<Item = &'a Rail>) -> usize {
    let polylines: Vec<Vec<Vec<(f64, f64)>>> = rails.into_iter().map(|r| r.paths.clone()).collect();
    count_crossings(&polylines)
}

/// Proper crossings between segments of different groups (each group: polylines).
fn count_crossings(groups: &[Vec<Vec<(f64, f64)>>]) -> usize {
    // (xmin, xmax, ymin, ymax, group, a, b)
    type Seg = (f64, f64, f64, f64, usize, (f64, f64), (f64, f64));
    let mut segs: Vec<Seg> = Vec::new();
    for (r, lines) in groups.iter().enumerate() {
        for pts in lines {
            for w in pts.windows(2) {
                let (a, b) = (w[0], w[1]);
                segs.push((
                    a.0.min(b.0),
                    a.0.max(b.0),
                    a.1.min(b.1),
                    a.1.max(b.1),
                    r,
                    a,
                    b,
                ));
            }
        }
    }
    segs.sort_with(|x, y| x.0.total_cmp(&y.0));
    let mut count = 0;
    for i in 0..segs.len() {
        let s = &segs[i];
        for t in &segs[i + 1..] {
            if t.0 > s.1 {
                break;
            }
            if t.4 == s.4 || t.2 > s.3 || s.2 > t.3 {
                continue;
            }
            if proper_cross(s.5, s.6, t.5, t.6) {
                count += 1;
            }
        }
    }
    count
}

/// Sign of the turn a→b→c: 0 when (nearly) collinear.
fn orient(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> i8 {
    let (ux, uy) = (b.0 - a.0, b.1 - a.1);
    let (vx, vy) = (c.0 - a.0, c.1 - a.1);
    let cross = ux * vy - uy * vx;
    let scale = (ux.hypot(uy)) * (vx.hypot(vy));
    // NaN (from non-finite input) counts as collinear.
    if cross.is_nan() || cross.abs() <= 1e-9 * scale {
        0
    } else if cross > 0.0 {
        1
    } else {
        -1
    }
}

fn proper_cross(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 && o1 != o2 && o3 != o4
}

#[cfg(test)]
mod tests {
    use crate::layout::test_support::*;
    use crate::layout::*;

    fn straight(edge: usize, a: (f64, f64), b: (f64, f64)) -> EdgeRoute {
        EdgeRoute {
            edge,
            points: vec![a, b],
            curved: false,
        }
    }

    fn with_routes(edges: Vec<EdgeRoute>) -> Layout {
        Layout {
            width: 100.0,
            height: 100.0,
            nodes: Vec::new(),
            edges,
            bands: Vec::new(),
            staircases: Vec::new(),
            groups: Vec::new(),
            lanes: 0,
            rows: 0,
            fans: FanMode::Markers,
            captions: Vec::new(),
        }
    }

    #[test]
    fn crossings_of_hand_made_layouts() {
        // Two parallel lines, and two lines sharing an end point: no crossing.
        let parallel = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (0.0, 5.0), (10.0, 5.0)),
        ]);
        assert_eq!(crossings(&parallel), 0);
        let shared = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (0.0, 0.0), (10.0, 8.0)),
        ]);
        assert_eq!(crossings(&shared), 0);
        let collinear = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 0.0)),
            straight(1, (5.0, 0.0), (15.0, 0.0)),
        ]);
        assert_eq!(crossings(&collinear), 0);
        // An X: one crossing.
        let x = with_routes(vec![
            straight(0, (0.0, 0.0), (10.0, 10.0)),
            straight(1, (0.0, 10.0), (10.0, 0.0)),
        ]);
        assert_eq!(crossings(&x), 1);
        // A horizontal line crossed by two verticals: two; a polyline zig-zag crossing a line twice: two.
        let two = with_routes(vec![
            straight(0, (0.0, 5.0), (20.0, 5.0)),
            straight(1, (5.0, 0.0), (5.0, 10.0)),
            straight(2, (15.0, 0.0), (15.0, 10.0)),
        ]);
        assert_eq!(crossings(&two), 2);
        let zigzag = with_routes(vec![
            straight(0, (0.0, 5.0), (20.0, 5.0)),
            EdgeRoute {
                edge: 1,
                points: vec![(2.0, 0.0), (8.0, 10.0), (14.0, 0.0)],
                curved: false,
            },
        ]);
        assert_eq!(crossings(&zigzag), 2);
        // A curved arc over a line from below to below crosses it twice; one lower arc does not.
        let arc = EdgeRoute {
            edge: 1,
            points: vec![(2.0, 10.0), (2.0, -5.0), (18.0, -5.0), (18.0, 10.0)],
            curved: true,
        };
        assert_eq!(
            crossings(&with_routes(vec![
                straight(0, (0.0, 5.0), (20.0, 5.0)),
                arc.clone()
            ])),
            2
        );
        assert_eq!(
            crossings(&with_routes(vec![
                straight(0, (0.0, -20.0), (20.0, -20.0)),
                arc
            ])),
            0
        );
        // Segments of one route never count against each other.
        let self_crossing = with_routes(vec![EdgeRoute {
            edge: 0,
            points: vec![(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)],
            curved: false,
        }]);
        assert_eq!(crossings(&self_crossing), 0);
    }

    #[test]
    fn layout_has_few_crossings_on_a_simple_chain() {
        let (_, gs) = load(QUAY);
        for g in &gs {
            let l = layout_channel(g, &super::super::test_support::one_row());
            assert_eq!(
                crossings(&l),
                0,
                "{}: a linear replaces chain has no crossing",
                g.channel
            );
            assert_eq!(l.lanes, 1);
        }
    }
}

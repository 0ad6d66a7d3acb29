//! Moving values between the inspector's types and the core profile's: the copies `ApsProfile`
//! makes of every setting (`fields.rs` lists which property goes with which core field), written
//! once here for every pair of types.

/// A property's value holding the core's value `core`.
pub fn to_property<C: Clone + Bridge<P>, P>(core: &C) -> P {
    core.clone().bridge()
}

/// Copies the core's value `core` into its property, unless the property already stands for
/// it. The core hands back validated values, most of them unchanged: a property left alone
/// keeps the very object the designer edits (a curve is not swapped for a resampled copy).
pub fn read<P, C>(property: &mut P, core: &C)
where
    P: Clone + Bridge<C>,
    C: Clone + PartialEq + Bridge<P>,
{
    if property.clone().bridge() != *core {
        *property = core.clone().bridge();
    }
}

/// Copies a property's value into its core field.
pub fn write<P: Clone + Bridge<C>, C>(property: &P, core: &mut C) {
    *core = property.clone().bridge();
}

/// A lossless-enough conversion between an exported property's type and the core's field type.
pub trait Bridge<T> {
    fn bridge(self) -> T;
}

impl Bridge<f32> for f32 {
    fn bridge(self) -> f32 {
        self
    }
}

impl Bridge<bool> for bool {
    fn bridge(self) -> bool {
        self
    }
}

impl Bridge<u32> for u32 {
    fn bridge(self) -> u32 {
        self
    }
}

impl Bridge<i32> for u32 {
    fn bridge(self) -> i32 {
        i32::try_from(self).unwrap_or(i32::MAX)
    }
}

impl Bridge<u32> for i32 {
    fn bridge(self) -> u32 {
        u32::try_from(self).unwrap_or(0)
    }
}

use aps_core::belief::decay_curve::DecayCurve;
use godot::classes::Curve;
use godot::prelude::*;

/// How many points of a Godot `Curve` the core samples.
pub const CURVE_SAMPLES: usize = 33;

impl Bridge<Option<DecayCurve>> for Option<Gd<Curve>> {
    /// Samples the curve evenly over its domain (x: seconds).
    fn bridge(self) -> Option<DecayCurve> {
        let curve = self?;
        if curve.get_point_count() == 0 {
            return None;
        }
        let (lo, hi) = (curve.get_min_domain(), curve.get_max_domain());
        let points = (0..CURVE_SAMPLES)
            .map(|i| {
                let x = lo + (hi - lo) * i as f32 / (CURVE_SAMPLES - 1) as f32;
                [x, curve.sample(x)]
            })
            .collect();
        Some(DecayCurve::new(points))
    }
}

impl Bridge<Option<Gd<Curve>>> for Option<DecayCurve> {
    /// A Godot curve through the core's points, its domain ending at the last point.
    fn bridge(self) -> Option<Gd<Curve>> {
        let points = self?;
        let mut curve = Curve::new_gd();
        let (lo, hi) = match (points.points().first(), points.points().last()) {
            (Some(a), Some(b)) => (a[0], b[0].max(a[0] + 0.001)),
            _ => return None,
        };
        curve.set_min_domain(lo.min(0.0));
        curve.set_max_domain(hi);
        for [x, y] in points.points() {
            curve.add_point(Vector2::new(*x, *y));
        }
        Some(curve)
    }
}

use aps_core::profile::TeamRule;
use aps_core::relationship::Relationship;

impl Bridge<Relationship> for i32 {
    fn bridge(self) -> Relationship {
        Relationship::from_index(i64::from(self)).unwrap_or(Relationship::Enemy)
    }
}

impl Bridge<i32> for Relationship {
    fn bridge(self) -> i32 {
        self as i32
    }
}

impl Bridge<Vec<TeamRule>> for Array<Vector3i> {
    /// Rules as (team, other team, relationship); a bad relationship value reads as Enemy.
    fn bridge(self) -> Vec<TeamRule> {
        self.iter_shared()
            .map(|v| TeamRule {
                team: v.x,
                other: v.y,
                relationship: v.z.bridge(),
            })
            .collect()
    }
}

impl Bridge<Array<Vector3i>> for Vec<TeamRule> {
    fn bridge(self) -> Array<Vector3i> {
        self.iter()
            .map(|r| Vector3i::new(r.team, r.other, r.relationship as i32))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aps_core::relationship::Relationship;

    #[test]
    fn write_converts_the_property_to_the_core_type() {
        let mut slots = 0_u32;
        write(&-3_i32, &mut slots);
        assert_eq!(slots, 0);
        write(&12_i32, &mut slots);
        assert_eq!(slots, 12);
        let mut relationship = Relationship::Enemy;
        write(&(Relationship::Friendly as i32), &mut relationship);
        assert_eq!(relationship, Relationship::Friendly);
    }

    #[test]
    fn read_rewrites_only_a_property_that_no_longer_stands_for_the_core_value() {
        let mut slots: i32 = to_property(&16_u32);
        assert_eq!(slots, 16);
        read(&mut slots, &8_u32);
        assert_eq!(slots, 8);
        // -1 reads as 0 slots: it stands for a core 0 already and is left as it is.
        let mut stale = -1_i32;
        read(&mut stale, &0_u32);
        assert_eq!(stale, -1);
    }
}

//! How much work an exact concave contact may do: the bound that keeps every call within a frame.

/// How much work [`contact`](super::contact) may spend on a concave polygon's exact push-out,
/// in units of about the same cost (a region's face built, a point or line tested against a
/// region, a step of the search); see the `concave` module's docs for what is charged.
///
/// Every pair not involving a concave [`Polygon`](crate::Polygon) costs time linear in its
/// vertices and is always exact. A concave pair whose exact answer fits the budget gets the same
/// answer, to the bit, as with an unbounded one. One that does not gets a push that still
/// separates the shapes, flagged by [`Contact::is_exact`](super::Contact::is_exact) returning
/// false: the shortest of the separating pushes the search had confirmed when it stopped, the
/// push that moves the other shape's convex hull out of the polygon's, and the one that clears
/// the bounding boxes. Its depth is then at least the true minimum, and at most the hulls'
/// penetration (the boxes' when a shape is flattened to no hull).
///
/// [`DEFAULT`](Self::DEFAULT) is about 10 ms of work on a 2-core machine of 2026 (measured in
/// BENCHMARKS.md), below one 60 Hz frame; [`UNBOUNDED`](Self::UNBOUNDED) is for offline tools that
/// need the minimum whatever it costs.
///
/// ```
/// use collide2d::{contact_with_budget, ContactBudget, Polygon, Vec2};
/// // Two copies of a 2,000-point star, one on top of the other: the hardest case there is.
/// let star: Vec<Vec2> = (0..2000)
///     .map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 2000.0) * if k % 2 == 0 { 100.0 } else { 50.0 })
///     .collect();
/// let star = Polygon::new(&star)?;
/// let c = contact_with_budget(&star, &star, ContactBudget::DEFAULT).expect("they overlap");
/// assert!(!c.is_exact()); // bounded: a push that separates, not proven the shortest
/// assert!(c.depth <= 200.0 + 1e-3); // no more than the hulls' penetration
/// # Ok::<(), collide2d::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactBudget {
    units: u64,
}

impl ContactBudget {
    /// The budget every call takes unless told otherwise: about 10 ms of work.
    pub const DEFAULT: ContactBudget = ContactBudget { units: 600_000 };
    /// No bound: always the exact minimum, however long it takes.
    pub const UNBOUNDED: ContactBudget = ContactBudget { units: u64::MAX };

    /// A budget of `units` units of work (at least one is always spent).
    pub const fn from_units(units: u64) -> Self {
        ContactBudget { units }
    }

    /// The units of work it allows.
    pub const fn units(self) -> u64 {
        self.units
    }

    /// Whether it is [`UNBOUNDED`](Self::UNBOUNDED).
    pub const fn is_unbounded(self) -> bool {
        self.units == u64::MAX
    }
}

impl ContactBudget {
    /// This budget shared evenly by `pairs` contacts (each gets at least one unit; unbounded
    /// stays unbounded), as a [`World`](crate::World)'s step shares its own.
    ///
    /// ```
    /// use collide2d::ContactBudget;
    /// assert_eq!(ContactBudget::from_units(1000).shared_by(4).units(), 250);
    /// assert_eq!(ContactBudget::from_units(1000).shared_by(0).units(), 1000);
    /// assert!(ContactBudget::UNBOUNDED.shared_by(7).is_unbounded());
    /// ```
    pub const fn shared_by(self, pairs: usize) -> Self {
        if self.is_unbounded() || pairs <= 1 {
            return self;
        }
        let share = self.units / pairs as u64;
        ContactBudget { units: if share == 0 { 1 } else { share } }
    }
}

impl Default for ContactBudget {
    fn default() -> Self {
        Self::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::ContactBudget;

    #[test]
    fn a_budget_is_shared_in_whole_units_and_unbounded_stays_unbounded() {
        let budget = ContactBudget::from_units(1000);
        assert_eq!(budget.units(), 1000);
        assert!(!budget.is_unbounded() && ContactBudget::UNBOUNDED.is_unbounded());
        assert_eq!(budget.shared_by(4).units(), 250);
        assert_eq!(budget.shared_by(3).units(), 333);
        // No share below one unit, and nothing shared by none or one.
        assert_eq!(budget.shared_by(5000).units(), 1);
        assert_eq!(budget.shared_by(0), budget);
        assert_eq!(budget.shared_by(1), budget);
        assert!(ContactBudget::UNBOUNDED.shared_by(7).is_unbounded());
        assert_eq!(ContactBudget::default(), ContactBudget::DEFAULT);
    }
}

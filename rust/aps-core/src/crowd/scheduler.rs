//! The frame budget (spec section 14, "Threads and cost"): at most Max Perception Updates Per
//! Frame AI run a full pass in one frame. The rest wait with their elapsed time intact, and an
//! AI's claim grows every frame it waits, so none is starved.

/// One AI due for a pass this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The caller's index for the AI.
    pub who: usize,
    /// Frames it has waited since it became due.
    pub waited: u32,
}

/// Chooses who runs this frame: everyone if `budget` is 0 or enough, else the `budget` claims
/// that waited longest (ties by index, so the choice is deterministic). Indices into `claims`
/// go into `out`, which is cleared first; `claims` is reordered.
pub fn grant(claims: &mut [Claim], budget: usize, out: &mut Vec<usize>) {
    out.clear();
    if budget == 0 || claims.len() <= budget {
        out.extend(claims.iter().map(|c| c.who));
        return;
    }
    claims.sort_unstable_by(|a, b| b.waited.cmp(&a.waited).then(a.who.cmp(&b.who)));
    out.extend(claims[..budget].iter().map(|c| c.who));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_budget_everyone_runs() {
        let mut claims = vec![Claim { who: 3, waited: 0 }, Claim { who: 1, waited: 2 }];
        let mut out = Vec::new();
        grant(&mut claims, 4, &mut out);
        assert_eq!(out, [3, 1]);
        grant(&mut claims, 0, &mut out);
        assert_eq!(out.len(), 2, "0 means no cap");
    }

    #[test]
    fn nobody_starves_under_a_tight_budget() {
        // 10 AI always due, 3 passes a frame: each runs within ceil(10 / 3) frames.
        let mut waited = [0u32; 10];
        let mut last_run = [0usize; 10];
        let mut out = Vec::new();
        for frame in 1..=60 {
            let mut claims: Vec<Claim> = (0..10)
                .map(|who| Claim {
                    who,
                    waited: waited[who],
                })
                .collect();
            grant(&mut claims, 3, &mut out);
            for who in 0..10 {
                if out.contains(&who) {
                    waited[who] = 0;
                    last_run[who] = frame;
                } else {
                    waited[who] += 1;
                }
            }
            assert!(out.len() == 3);
            if frame > 4 {
                for (who, last) in last_run.iter().enumerate() {
                    assert!(frame - last < 4, "AI {who} starved at frame {frame}");
                }
            }
        }
    }
}

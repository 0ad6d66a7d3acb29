//! The schedule (spec section 13, crowd/scheduler.rs): who perceives each frame under the pass
//! budget, each level of detail tier's interval, and AI added together spreading their passes.

use aps_core::crowd::lod::{significance, TIER_FLOORS};
use aps_core::crowd::scheduler::*;
use aps_core::{AwarenessLevel, Vec3};

const FRAME: f32 = 1.0 / 60.0;

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

/// Runs one AI at a fixed significance for `frames` frames; returns the frames it ran a
/// full pass in and the frames memory faded in.
fn runs_at(score: f32, frames: usize) -> (Vec<usize>, Vec<usize>) {
    let mut s = Schedule::default();
    s.add(1, Vec3::ZERO);
    let (mut full, mut fade) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    for f in 1..=frames {
        let n = s.advance(FRAME);
        s.decide(&vec![score; n], true, 0, &mut out);
        for r in &out {
            if r.full {
                full.push(f);
            } else {
                fade.push(f);
            }
        }
    }
    (full, fade)
}

#[test]
fn each_tier_runs_every_1_2_5_or_20_base_update_intervals() {
    // Base Update Interval 0.1 s = 6 frames at 60 fps.
    for (tier, frames_between) in [(0usize, 6usize), (1, 12), (2, 30), (3, 120)] {
        let (full, fade) = runs_at(TIER_FLOORS[tier], 600);
        assert!(fade.is_empty(), "tier {tier} never just fades");
        let gaps: Vec<usize> = full.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            gaps.iter().all(|&g| g == frames_between),
            "tier {tier}: every {frames_between} frames, got {gaps:?}"
        );
    }
}

#[test]
fn a_suspended_ai_perceives_nothing_but_its_memory_fades_every_quarter_second() {
    let (full, fade) = runs_at(0.1, 120);
    // Tier 0 first (a new AI), its first component tick puts it in tier 4; from then on its
    // component ticks every 0.25 s (15 frames) and only memory fades.
    assert!(full.is_empty(), "no pass: {full:?}");
    let gaps: Vec<usize> = fade.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps.iter().all(|&g| g == 15), "{gaps:?}");
}

#[test]
fn a_suspended_ai_fades_over_all_the_time_that_passed() {
    let mut s = Schedule::default();
    s.add(1, Vec3::ZERO);
    let mut out = Vec::new();
    let mut faded = 0.0;
    for _ in 0..600 {
        let n = s.advance(FRAME);
        s.decide(&vec![0.0; n], true, 0, &mut out);
        faded += out.iter().map(|r| r.dt).sum::<f32>();
    }
    assert!(
        (faded - 10.0).abs() < 0.3,
        "memory faded over {faded} s of 10"
    );
}

#[test]
fn the_frame_budget_caps_passes_and_claims_grow_while_an_ai_waits() {
    let mut s = Schedule::default();
    for id in 0..100 {
        s.add(id, Vec3::ZERO);
    }
    let mut out = Vec::new();
    let mut last = [0usize; 100];
    for frame in 1..=600 {
        let n = s.advance(FRAME);
        s.decide(&vec![1.0; n], true, 10, &mut out);
        assert!(out.len() <= 10, "frame {frame}: {} passes", out.len());
        for r in &out {
            last[r.id as usize] = frame;
        }
        if frame > 60 {
            // 100 AI due every 6 frames, 10 a frame: each waits at most 10 frames.
            assert!(last.iter().all(|&l| frame - l <= 10), "starved at {frame}");
        }
    }
}

#[test]
fn no_budget_runs_everyone_due() {
    let mut s = Schedule::default();
    for id in 0..200 {
        s.add(id, Vec3::ZERO);
    }
    let mut out = Vec::new();
    let mut passes = 0;
    for _ in 0..6 {
        let n = s.advance(FRAME);
        s.decide(&vec![1.0; n], true, 0, &mut out);
        passes += out.len();
    }
    assert_eq!(passes, 200);
    assert_eq!(DEFAULT_MAX_PERCEPTION_UPDATES_PER_FRAME, 64);
}

#[test]
fn tiers_follow_significance_and_far_ai_want_a_fresh_position() {
    let mut s = Schedule::default();
    s.add(1, Vec3::ZERO);
    let mut out = Vec::new();
    // An idle AI 100 m from the viewer: 0.6 × (1 − 100/300) = 0.4, tier 2.
    let score = significance(100.0, AwarenessLevel::Unaware);
    let n = s.advance(FRAME);
    s.decide(&vec![score; n], true, 0, &mut out);
    assert_eq!(s.tier_of(1), Some(2));
    // 200 m: 0.2, tier 3, which re-reads its position before scoring.
    let n = s.advance(FRAME);
    s.decide(
        &vec![significance(200.0, AwarenessLevel::Unaware); n],
        true,
        0,
        &mut out,
    );
    assert_eq!(s.tier_of(1), Some(3));
    s.advance(0.1);
    assert!(s.due().all(|d| d.wants_fresh_position()));
    // Level of detail off: tier 0 whatever the score.
    let n = s.advance(0.1);
    s.decide(&vec![0.0; n], false, 0, &mut out);
    assert_eq!(s.tier_of(1), Some(0));
}

#[test]
fn ai_added_in_the_same_frame_spread_their_passes_over_the_interval() {
    let mut s = Schedule::default();
    for id in 0..50 {
        s.add(id, Vec3::ZERO);
    }
    let mut out = Vec::new();
    let mut per_frame = Vec::new();
    for _ in 0..120 {
        let n = s.advance(FRAME);
        s.decide(&vec![1.0; n], true, 0, &mut out);
        per_frame.push(out.len());
    }
    // 50 AI every 6 frames: 8.3 passes a frame on average.
    let steady = &per_frame[12..];
    let mean = steady.iter().sum::<usize>() as f32 / steady.len() as f32;
    let most = *steady.iter().max().unwrap();
    assert!((mean - 50.0 / 6.0).abs() < 0.5, "mean {mean}");
    assert!(
        most as f32 <= mean * 1.5,
        "largest frame {most} passes, mean {mean}: {per_frame:?}"
    );
    // Nobody waits more than its interval for its first pass.
    let first_six: usize = per_frame[..6].iter().sum();
    assert_eq!(first_six, 50, "{per_frame:?}");
}

#[test]
fn ai_added_together_spread_over_the_longer_wait_of_a_slower_tier() {
    // 500 guards loaded in one frame, idle at 100 m: tier 2 from their first component
    // tick, a pass every 5 intervals (30 frames). Spread over one interval only, they would
    // all come due within the same 6 frames of every 30.
    let mut s = Schedule::default();
    for id in 0..500 {
        s.add(id, Vec3::ZERO);
    }
    let tier2 = significance(100.0, AwarenessLevel::Unaware);
    let mut out = Vec::new();
    let mut per_frame = Vec::new();
    let mut last = vec![None; 500];
    let mut gaps = Vec::new();
    for f in 0..600usize {
        let n = s.advance(FRAME);
        s.decide(&vec![tier2; n], true, 0, &mut out);
        per_frame.push(out.len());
        for r in &out {
            if let Some(l) = last[r.id as usize].replace(f) {
                gaps.push(f - l);
            }
        }
    }
    let steady = &per_frame[60..];
    let mean = steady.iter().sum::<usize>() as f32 / steady.len() as f32;
    let most = *steady.iter().max().unwrap();
    assert!((mean - 500.0 / 30.0).abs() < 0.5, "mean {mean}");
    assert!(
        most as f32 <= mean * 1.5,
        "largest frame {most} passes, mean {mean}"
    );
    // Each still runs every 5 intervals once settled; none waits longer for its first
    // pass in tier 2 than the tier's wait.
    let settled = gaps.iter().filter(|&&g| g == 30).count();
    assert!(settled as f32 >= gaps.len() as f32 * 0.95, "{gaps:?}");
    assert!(gaps.iter().all(|&g| g <= 30), "{gaps:?}");
}

#[test]
fn a_head_start_brings_a_pass_sooner_but_its_dt_is_the_time_that_passed() {
    let mut s = Schedule::default();
    for id in 0..8 {
        s.add(id, Vec3::ZERO);
    }
    let tier2 = significance(100.0, AwarenessLevel::Unaware);
    let mut out = Vec::new();
    let mut last = [0.0f32; 8];
    let mut now = 0.0f32;
    for _ in 0..240 {
        now += FRAME;
        let n = s.advance(FRAME);
        s.decide(&vec![tier2; n], true, 0, &mut out);
        for r in out.iter().filter(|r| r.full) {
            let i = r.id as usize;
            if last[i] > 0.0 {
                assert!(
                    (r.dt - (now - last[i])).abs() < 1e-3,
                    "AI {i}: dt {} after {} s",
                    r.dt,
                    now - last[i]
                );
            }
            last[i] = now;
        }
    }
}

#[test]
fn far_ai_added_together_tick_on_different_frames() {
    // Tier 3: the component ticks every 0.1 s (6 frames); 60 such AI all on one frame
    // would make that frame carry every one of their claims.
    let mut s = Schedule::default();
    for id in 0..60 {
        s.add(id, Vec3::ZERO);
    }
    let tier3 = significance(200.0, AwarenessLevel::Unaware);
    let mut out = Vec::new();
    let mut due = Vec::new();
    for _ in 0..120 {
        let n = s.advance(FRAME);
        due.push(n);
        s.decide(&vec![tier3; n], true, 0, &mut out);
    }
    let steady = &due[12..];
    let most = *steady.iter().max().unwrap();
    assert!(
        most <= 20,
        "at most {most} of 60 tick in one frame: {due:?}"
    );
    assert_eq!(steady.iter().sum::<usize>(), 60 * steady.len() / 6);
}

#[test]
fn a_lone_ai_added_in_a_frame_keeps_phase_zero() {
    let (full, _) = runs_at(TIER_FLOORS[0], 13);
    assert_eq!(
        full,
        [6, 12],
        "its first pass after a whole interval, as before"
    );
}

#[test]
fn an_ai_removed_between_advance_and_decide_is_skipped() {
    let mut s = Schedule::default();
    for id in 0..5 {
        s.add(id, Vec3::ZERO);
    }
    let mut out = Vec::new();
    for _ in 0..5 {
        let n = s.advance(FRAME);
        s.decide(&vec![1.0; n], true, 0, &mut out);
    }
    let n = s.advance(FRAME);
    assert_eq!(n, 5);
    // A significance policy frees two AI while scoring.
    s.remove(1);
    s.remove(3);
    let scores: Vec<f32> = s.due().map(|_| 1.0).collect();
    assert_eq!(scores.len(), 3);
    s.decide(&scores, true, 0, &mut out);
    assert!(out.iter().all(|r| r.id != 1 && r.id != 3));
    assert_eq!(s.len(), 3);
    assert_eq!(s.tier_of(4), Some(0));
}

#[test]
fn an_ai_reports_its_interval_and_awareness() {
    let mut s = Schedule::default();
    s.add(9, Vec3::ZERO);
    s.report(9, Vec3::X, 3, 0.2);
    let n = s.advance(FRAME);
    assert_eq!(n, 1);
    let due: Vec<Due> = s.due().collect();
    assert_eq!(due[0].awareness, 3);
    assert_eq!(due[0].position, Vec3::X);
    // A 0.2 s interval at tier 0: a pass every 12 frames.
    let mut out = Vec::new();
    let mut frames = Vec::new();
    s.decide(&[1.0], true, 0, &mut out);
    for f in 2..=48 {
        let n = s.advance(FRAME);
        s.decide(&vec![1.0; n], true, 0, &mut out);
        if !out.is_empty() {
            frames.push(f);
        }
    }
    assert_eq!(frames, [12, 24, 36, 48]);
    s.report(9, Vec3::X, 0, f32::NAN);
}

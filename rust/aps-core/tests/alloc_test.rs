//! Steady-state perception allocates nothing (spec section 13): after warm-up, a perceiver with
//! a full ledger ticks through rises, losses and re-acquisitions without touching the heap.

use aps_core::{
    LossReason, Observations, Perceiver, Pose, Profile, Sense, SenseReading, TargetId, Vec3,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Tick `k`: 16 targets, each seen by vision, heard and smelled in a pattern that keeps
/// beliefs rising, losing and refinding targets.
fn fill(obs: &mut Observations, k: u32) {
    obs.clear();
    for t in 0..16u32 {
        let phase = (k + t * 7) % 120;
        obs.begin_target(TargetId(u64::from(t) + 1), Default::default(), 2.0);
        let pos = Vec3::new(t as f32, 0.0, (k % 50) as f32 * 0.1);
        if phase < 60 {
            obs.push(SenseReading::new(Sense::Vision.id(), 0.9).at(pos, 1.0));
            obs.push(SenseReading::new(Sense::Hearing.id(), 0.3).at(pos, 0.5));
            obs.push(SenseReading::new(Sense::Smell.id(), 0.2).at(pos, 0.1));
        } else {
            obs.push(SenseReading::missed(
                Sense::Vision.id(),
                LossReason::Occluded,
            ));
        }
    }
}

#[test]
fn a_warm_tick_allocates_nothing() {
    let (mut p, _) = Perceiver::new(Profile::default());
    let mut obs = Observations::new();
    let pose = Pose::default();
    for k in 0..600 {
        fill(&mut obs, k);
        p.tick(0.1, pose, &obs);
    }
    let before = allocations();
    let mut events = 0;
    for k in 600..3600 {
        fill(&mut obs, k);
        events += p.tick(0.1, pose, &obs).len();
    }
    assert!(
        events > 100,
        "the pattern exercises state changes ({events} events)"
    );
    assert_eq!(
        allocations() - before,
        0,
        "allocations during 3000 warm ticks"
    );
}

//! The summary a multi-step command ends with: one line per step, then PASS or FAIL.
//!
//! Steps go on after a failure where they can, so one CI run shows everything that is broken;
//! the summary keeps the outcome readable after pages of compiler and Godot output.

use std::process::ExitCode;

enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

pub struct Report {
    command: &'static str,
    steps: Vec<(String, Outcome)>,
}

impl Report {
    pub fn new(command: &'static str) -> Self {
        Self {
            command,
            steps: Vec::new(),
        }
    }

    /// Runs one step under a heading and records how it went; its value if it passed.
    pub fn step<T>(
        &mut self,
        name: impl Into<String>,
        step: impl FnOnce() -> Result<T, String>,
    ) -> Option<T> {
        let name = name.into();
        println!("\n==> {name}");
        match step() {
            Ok(value) => {
                self.steps.push((name, Outcome::Pass));
                Some(value)
            }
            // The reason is printed once, in the summary; the step's own output came before.
            Err(why) => {
                self.steps.push((name, Outcome::Fail(why)));
                None
            }
        }
    }

    /// Records a step that could not run because an earlier one failed.
    pub fn skip(&mut self, name: impl Into<String>, why: &str) {
        self.steps.push((name.into(), Outcome::Skip(why.into())));
    }

    /// Prints the summary; the exit code is a failure if any step did not pass.
    pub fn finish(self) -> ExitCode {
        println!("\n==> cargo xtask {}: summary", self.command);
        let mut passed = true;
        for (name, outcome) in &self.steps {
            match outcome {
                Outcome::Pass => println!("  PASS  {name}"),
                Outcome::Fail(why) => {
                    passed = false;
                    println!("  FAIL  {name}: {}", why.replace('\n', "\n        "));
                }
                Outcome::Skip(why) => {
                    passed = false;
                    println!("  SKIP  {name}: {why}");
                }
            }
        }
        if passed {
            println!("cargo xtask {}: PASS", self.command);
            ExitCode::SUCCESS
        } else {
            println!("cargo xtask {}: FAIL", self.command);
            ExitCode::FAILURE
        }
    }
}

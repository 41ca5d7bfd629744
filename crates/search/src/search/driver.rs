//! The study drivers, kept for comparison with PVS but out of its path:
//! plain alpha-beta (every move with the full window) and MTD(f) (null
//! windows closing in on the score). `docs/search.md` has the nodes each
//! needs to reach the same depths.

use super::Worker;
use crate::report::Report;
use crate::score::INFINITE;
use crate::settings::SearchDriver;
use outpost_board::Position;
use outpost_eval::Evaluate;

impl<E: Evaluate> Worker<'_, E> {
    /// One iteration at `depth` for the current MultiPV line with a study
    /// driver, from the line's previous score.
    pub(super) fn study_iteration(
        &mut self,
        pos: &Position,
        previous: i32,
        depth: i32,
        report: &mut dyn FnMut(Report),
    ) {
        match self.shared.driver {
            SearchDriver::Pvs => {}
            SearchDriver::AlphaBeta => {
                self.root_search(pos, -INFINITE, INFINITE, depth, report);
                let pv_index = self.pv_index;
                self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            SearchDriver::Mtdf => self.mtdf(pos, previous, depth, report),
        }
    }

    /// MTD(f) at one depth: null-window searches of the root that close in
    /// on the score from `guess`, until the bounds meet.
    fn mtdf(&mut self, pos: &Position, guess: i32, depth: i32, report: &mut dyn FnMut(Report)) {
        let mut g = if guess == -INFINITE { 0 } else { guess };
        let (mut lower, mut upper) = (-INFINITE, INFINITE);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.root_search(pos, beta - 1, beta, depth, report);
            let pv_index = self.pv_index;
            self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        // The last search may have failed low: the bounds met at `g`, which
        // is the score of the move kept in front.
        let pv_index = self.pv_index;
        self.root_moves[pv_index].score = g;
    }
}

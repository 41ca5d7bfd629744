//! The two inner loops of inference: accumulator updates and the output's
//! SCReLU dot product, written once portably and once for AVX2.
//!
//! Both paths use wrapping integer arithmetic in the same association-free
//! way (sums modulo 2³²), so they give identical results for any input;
//! `tests/kernel.rs` checks that on random data.

use crate::network::QA;

/// Which implementation runs the inner loops.
///
/// ```
/// use outpost_nnue::{Kernel, QA};
///
/// // Whatever this CPU has, it computes what the portable code does.
/// let fastest = Kernel::detect();
/// let mut activations = [0i16; 16];
/// let mut weights = [0i16; 16];
/// (activations[0], weights[0]) = (300, 2); // clamped to QA = 255
/// (activations[1], weights[1]) = (-7, 5); // clamped to 0
/// (activations[2], weights[2]) = (10, 3);
/// let expected = (QA * 2) * QA + (10 * 3) * 10;
/// assert_eq!(Kernel::Portable.screlu_dot(&activations, &weights), expected);
/// assert_eq!(fastest.screlu_dot(&activations, &weights), expected);
///
/// // An accumulator update: dst = src + added rows - removed rows.
/// let src = [10i16; 16];
/// let (add, sub) = ([3i16; 16], [1i16; 16]);
/// let mut dst = [0i16; 16];
/// fastest.update(&mut dst, &src, &[&add], &[&sub]);
/// assert_eq!(dst, [12i16; 16]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, on every CPU.
    Portable,
    /// AVX2 intrinsics; only constructed when the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2Token),
}

/// Proof that the CPU running this program has AVX2: only
/// [`Kernel::detect`] makes one, after asking the CPU.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2Token(());

impl Kernel {
    /// The fastest kernel this CPU runs.
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernel::Avx2(Avx2Token(()));
        }
        Kernel::Portable
    }

    /// `dst = src + Σ adds − Σ subs`, element by element (wrapping). Every
    /// slice has `dst`'s length, a multiple of 16.
    #[inline]
    pub fn update(self, dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        debug_assert!(dst.len() == src.len() && dst.len() % 16 == 0);
        debug_assert!(adds.iter().chain(subs).all(|r| r.len() == dst.len()));
        match self {
            Kernel::Portable => update_portable(dst, src, adds, subs),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an Avx2Token exists only when the CPU has AVX2, and
            // the slices' lengths were checked by the callers (equal, a
            // multiple of 16), as `avx2::update` requires.
            Kernel::Avx2(_) => unsafe { avx2::update(dst, src, adds, subs) },
        }
    }

    /// `acc += Σ rows`, element by element (wrapping), in place. Every row
    /// has `acc`'s length, a multiple of 16.
    #[inline]
    pub fn add_rows(self, acc: &mut [i16], rows: &[&[i16]]) {
        debug_assert!(acc.len() % 16 == 0 && rows.iter().all(|r| r.len() == acc.len()));
        match self {
            Kernel::Portable => {
                for row in rows {
                    for (a, &w) in acc.iter_mut().zip(row.iter()) {
                        *a = a.wrapping_add(w);
                    }
                }
            }
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an Avx2Token exists only when the CPU has AVX2; the
            // rows have the accumulator's length, a multiple of 16.
            Kernel::Avx2(_) => unsafe { avx2::add_rows(acc, rows) },
        }
    }

    /// `Σ ((clamp(a, 0, QA) · w) as i16) · clamp(a, 0, QA)` over the
    /// elements, in wrapping i32 arithmetic. Both slices have the same
    /// length, a multiple of 16.
    #[inline]
    pub fn screlu_dot(self, activations: &[i16], weights: &[i16]) -> i32 {
        debug_assert!(activations.len() == weights.len() && weights.len() % 16 == 0);
        match self {
            Kernel::Portable => screlu_dot_portable(activations, weights),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: an Avx2Token exists only when the CPU has AVX2; the
            // lengths are equal multiples of 16 as `avx2::screlu_dot` needs.
            Kernel::Avx2(_) => unsafe { avx2::screlu_dot(activations, weights) },
        }
    }
}

fn update_portable(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
    dst.copy_from_slice(src);
    for row in adds {
        for (d, &w) in dst.iter_mut().zip(row.iter()) {
            *d = d.wrapping_add(w);
        }
    }
    for row in subs {
        for (d, &w) in dst.iter_mut().zip(row.iter()) {
            *d = d.wrapping_sub(w);
        }
    }
}

fn screlu_dot_portable(activations: &[i16], weights: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in activations.iter().zip(weights) {
        let v = a.clamp(0, QA as i16);
        let t = v.wrapping_mul(w);
        sum = sum.wrapping_add(i32::from(t).wrapping_mul(i32::from(v)));
    }
    sum
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::network::QA;
    use std::arch::x86_64::*;

    /// # Safety
    /// The CPU must have AVX2; every slice must have `dst`'s length, a
    /// multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn update(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        // The counts a move makes (a quiet move, a capture, castling, a
        // promotion with a capture) get a copy of the loop inlined with
        // the count known, so that the row loops unroll.
        //
        // SAFETY: each call passes on this function's own contract (AVX2,
        // and rows of `dst`'s length, a multiple of 16).
        unsafe {
            match (adds, subs) {
                (&[a], &[s]) => update_any(dst, src, &[a], &[s]),
                (&[a], &[s, t]) => update_any(dst, src, &[a], &[s, t]),
                (&[a, b], &[s, t]) => update_any(dst, src, &[a, b], &[s, t]),
                (&[a, b], &[s]) => update_any(dst, src, &[a, b], &[s]),
                _ => update_any(dst, src, adds, subs),
            }
        }
    }

    /// `dst = src + Σ adds − Σ subs` for any number of rows.
    ///
    /// # Safety
    /// As [`update`].
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn update_any(dst: &mut [i16], src: &[i16], adds: &[&[i16]], subs: &[&[i16]]) {
        let n = dst.len();
        let mut i = 0;
        while i < n {
            // SAFETY: i + 16 <= n for every slice (equal lengths, multiples
            // of 16); unaligned loads and stores accept any address.
            unsafe {
                let mut v = _mm256_loadu_si256(src.as_ptr().add(i).cast());
                for row in adds {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                for row in subs {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                _mm256_storeu_si256(dst.as_mut_ptr().add(i).cast(), v);
            }
            i += 16;
        }
    }

    /// # Safety
    /// The CPU must have AVX2; every row has `acc`'s length, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn add_rows(acc: &mut [i16], rows: &[&[i16]]) {
        let n = acc.len();
        let mut i = 0;
        while i < n {
            // SAFETY: i + 16 <= n for every slice; unaligned loads and stores.
            unsafe {
                let mut v = _mm256_loadu_si256(acc.as_ptr().add(i).cast());
                for row in rows {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                _mm256_storeu_si256(acc.as_mut_ptr().add(i).cast(), v);
            }
            i += 16;
        }
    }

    /// # Safety
    /// The CPU must have AVX2; both slices have the same length, a
    /// multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn screlu_dot(activations: &[i16], weights: &[i16]) -> i32 {
        let n = activations.len();
        let zeros = [0i16; 16];
        let tops = [QA as i16; 16];
        // SAFETY: each array is 32 bytes, the size of the load. (Loads
        // rather than `_mm256_setzero_si256`/`_mm256_set1_epi16`, which Rust
        // before 1.87 calls unsafe and later Rust calls safe here: a load
        // is unsafe on every compiler the crate supports.)
        let (zero, top) = unsafe {
            (
                _mm256_loadu_si256(zeros.as_ptr().cast()),
                _mm256_loadu_si256(tops.as_ptr().cast()),
            )
        };
        let mut sum = zero;
        let mut i = 0;
        while i < n {
            // SAFETY: i + 16 <= n for both slices; unaligned loads.
            unsafe {
                let a = _mm256_loadu_si256(activations.as_ptr().add(i).cast());
                let w = _mm256_loadu_si256(weights.as_ptr().add(i).cast());
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
                let t = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(t, v));
            }
            i += 16;
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes, the size of the store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().fold(0i32, |s, &x| s.wrapping_add(x))
    }
}

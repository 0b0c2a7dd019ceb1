#include "seprank/analysis/structure_estimates.hpp"

#include <cstdio>

#include <algorithm>
#include <cmath>

#include "seprank/model/output_monomials.hpp"

namespace seprank {

namespace {

// Seconds in a message, to 3 significant digits: a limit of 0.001 s is not shown as 0, nor 1e30 s as a clamped long.
std::string seconds_figure(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", s);
  return buf;
}

std::string config_text(const network_config& c) {
  return "L = " + std::to_string(c.L) + ", dx = " + std::to_string(c.dx) + ", H = " + std::to_string(c.H) +
         ", N = " + std::to_string(c.N);
}

}  // namespace

expansion_estimate estimate_expansion(const network_config& c, long max_abs_weight, int threads,
                                      std::uint64_t max_terms) {
  expansion_estimate e;
  e.terms = output_monomial_count(c, max_terms);
  const double da = c.head_size(), R = static_cast<double>(std::max(1L, max_abs_weight));
  const double K = c.N * c.H * da * da * std::pow(c.dx, 3) * std::pow(R, 4);
  const double C = static_cast<double>(summed_index_count(c.L));
  e.coefficient_bits = static_cast<std::uint64_t>(std::ceil(C * std::log2(K + 1))) + 1;
  // FLINT packs each exponent vector into words of `bits` bits per variable.
  const std::uint64_t degree = static_cast<std::uint64_t>(output_degree(c.L));
  std::uint64_t bits = 8;
  while ((1ULL << (bits - 1)) <= degree) bits *= 2;
  const std::uint64_t words = (static_cast<std::uint64_t>(c.variable_count()) * bits + 63) / 64;
  const std::uint64_t limbs = (e.coefficient_bits + 63) / 64;
  const double terms = static_cast<double>(e.terms.value);
  // Calibrated on L=2,dx=4,N=4 (172380 terms, 33 MiB) and L=3,dx=2,N=4 (687208 terms, 195 MiB).
  e.memory_mb = static_cast<std::uint64_t>(12 * terms * (8.0 * words + 8.0 * (limbs + 2)) / (1 << 20)) + 16;
  e.seconds = 7e-7 * terms * static_cast<double>(limbs) * std::sqrt(C) * (threads >= 2 ? 1.0 : 1.8);
  return e;
}

option_message expansion_refusal(const network_config& c, const expansion_estimate& e, const resource_limits& lim) {
  const std::string what = "expanding y_p for " + config_text(c);
  if (e.terms.exceeds)
    return what + ": y_p lies in a monomial space of dimension " + e.terms.str() + " (limit " +
           setting("max-terms", std::to_string(lim.max_terms)) + ")";
  const std::string size =
      " (up to " + e.terms.str() + " terms, coefficients of up to " + std::to_string(e.coefficient_bits) + " bits)";
  if (e.memory_mb > lim.max_memory_mb)
    return what + size + " would need an estimated " + std::to_string(e.memory_mb) + " MiB (limit " +
           setting("max-memory", std::to_string(lim.max_memory_mb)) + ")";
  if (e.seconds > lim.max_seconds)
    return what + size + " would need an estimated " + seconds_figure(e.seconds) + " s (limit " +
           setting("time-limit", seconds_figure(lim.max_seconds)) + ")";
  return {};
}

expansion_estimate require_expansion_fits(const network_config& c, long max_abs_weight, int threads,
                                          const resource_limits& lim) {
  const expansion_estimate e = estimate_expansion(c, max_abs_weight, threads, lim.max_terms);
  const option_message refusal = expansion_refusal(c, e, lim);
  if (!refusal.empty()) throw resource_error(refusal);
  return e;
}

gram_form_estimate estimate_gram_form(const network_config& c) {
  gram_form_estimate e;
  const std::uint64_t D = static_cast<std::uint64_t>(gram_entry_count(c.dx)) + (c.residual ? 1 : 0);
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const std::uint64_t Cp = static_cast<std::uint64_t>(summed_index_count(c.L - 1));  // degree of A_{L-1}
  const std::uint64_t cap = 1ULL << 62;
  const bounded_count per_entry = multichoose_capped(D, C, cap / static_cast<std::uint64_t>(c.dx));
  e.terms = {per_entry.exceeds ? cap : per_entry.value * static_cast<std::uint64_t>(c.dx), per_entry.exceeds};
  // A term: the exponents packed at 8 bits per variable (FLINT's smallest field) and a coefficient word, and
  // as much again for the previous layer's polynomials while the last layer is built.
  const double bytes = 2.0 * static_cast<double>(e.terms.value) * (8.0 * static_cast<double>((D * 8 + 63) / 64) + 16.0);
  e.memory_mb = e.terms.exceeds ? UINT64_MAX : static_cast<std::uint64_t>(bytes / (1 << 20)) + 16;
  // The last layer multiplies 2 d_x^2 pairs of polynomials of degrees 2C'+1 and C' in D variables.
  const double big = static_cast<double>(multichoose_capped(D, 2 * Cp + 1, cap).value);
  const double small = static_cast<double>(multichoose_capped(D, Cp, cap).value);
  // The coefficients grow with the degree, and so does each product of two of them: measured on the 2-core
  // machine, the term model alone is 2.2x short at C' = 40 (L = 5, d_x = 2: 1.03 s) and about 20x at C' = 121
  // (L = 6, d_x = 2: 1,001 s with another job on the other core); about right up to C' = 13.
  const double coefficient_growth = std::max(1.0, 2.2 * std::pow(static_cast<double>(Cp) / 40.0, 2));
  // Plus the generic matrix work on polynomials in D variables (calibrated: d_x = 64, D = 2080, 18 s).
  e.seconds = 4e-8 * c.dx * c.dx * big * small * coefficient_growth +
              2e-6 * std::pow(c.dx, 3) * (static_cast<double>(D) / 64 + 1);
  return e;
}

option_message gram_form_refusal(const network_config& c, const resource_limits& lim) {
  const gram_form_estimate e = estimate_gram_form(c);
  const std::string what = "the Gram form A_L(M) for " + config_text(c);
  if (e.terms.exceeds)
    return what + " would have more than 2^62 terms (dx * multichoose(D, C)), far beyond any memory (limit " +
           setting("max-memory", std::to_string(lim.max_memory_mb)) + " MiB)";
  const std::string size = what + " (up to dx * multichoose(D, C) = " + e.terms.str() + " terms)";
  if (e.memory_mb > lim.max_memory_mb)
    return size + " would need an estimated " + std::to_string(e.memory_mb) + " MiB (limit " +
           setting("max-memory", std::to_string(lim.max_memory_mb)) + ")";
  if (e.seconds > lim.max_seconds)
    return size + " would need an estimated " + seconds_figure(e.seconds) + " s (limit " +
           setting("time-limit", seconds_figure(lim.max_seconds)) + ")";
  return {};
}

void require_gram_form_fits(const network_config& c, const resource_limits& lim) {
  const option_message refusal = gram_form_refusal(c, lim);
  if (!refusal.empty()) throw resource_error(refusal);
}

std::uint64_t index_structure_term_bound(const network_config& c, std::uint64_t cap) {
  const std::uint64_t per_arg = static_cast<std::uint64_t>(gram_entry_count(c.dx));
  __extension__ typedef unsigned __int128 u128;
  u128 b = static_cast<unsigned>(c.dx);  // exact: stops as soon as it exceeds cap < 2^64
  for (std::int64_t k = 0; k < summed_index_count(c.L) && b <= cap; ++k) b *= per_arg;
  return b > cap ? cap + 1 : static_cast<std::uint64_t>(b);
}

std::uint64_t symbolic_term_bound(const network_config& c, std::uint64_t max_symbolic_terms) {
  if (c.L == 1) {
    const std::uint64_t da = c.head_size();
    return static_cast<std::uint64_t>(c.H) * da * da * c.dx * c.dx * c.dx * c.N * c.N;
  }
  if (c.dx == 1) return output_monomial_count(c, max_symbolic_terms).value;
  return max_symbolic_terms + 1;
}

}  // namespace seprank

#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include <flint/fmpz_mat.h>
#include <flint/ulong_extras.h>

#include "helpers.hpp"
#include "skip.hpp"
#include "seprank/engine/fflas_rank.hpp"
#include "seprank/engine/linalg.hpp"

using namespace seprank;

namespace {

// A random integer matrix of planted rank (FLINT's fmpz_mat_randrank, then `ops` random row and column operations;
// default 3 rows cols).
integer_matrix planted(long rows, long cols, long rank, flint_rand_t state, long ops = -1) {
  fmpz_mat_t m;
  fmpz_mat_init(m, rows, cols);
  fmpz_mat_randrank(m, state, rank, 20);
  fmpz_mat_randops(m, state, ops >= 0 ? ops : 3 * rows * cols);
  integer_matrix a;
  a.rows = rows, a.cols = cols;
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c)
      if (!fmpz_is_zero(fmpz_mat_entry(m, r, c))) {
        mpz_class v;
        fmpz_get_mpz(v.get_mpz_t(), fmpz_mat_entry(m, r, c));
        a.entries.push_back({r, c, v});
      }
  fmpz_mat_clear(m);
  return a;
}

}  // namespace

TEST_CASE("planted ranks are recovered exactly and mod p") {
  flint_rand_t state;
  flint_randinit(state);
  const std::uint64_t p = draw_prime(3);
  for (auto [rows, cols, rank] : {std::array<long, 3>{6, 9, 4}, {20, 15, 15}, {30, 40, 7}, {12, 12, 0}, {50, 30, 29}}) {
    CAPTURE(rows);
    const auto a = planted(rows, cols, rank, state);
    CHECK(exact_rank(a) == rank);
    CHECK(rank_mod_p(a, p) == rank);
    const auto k = kernel_basis(a);
    CHECK(static_cast<long>(k.size()) == cols - rank);
    // Independent check of A v = 0, with GMP arithmetic.
    for (const auto& v : k) {
      std::vector<mpz_class> av(rows, 0);
      for (const auto& e : a.entries) av[e.row] += e.value * v[e.col];
      for (const auto& x : av) CHECK(x == 0);
    }
  }
  flint_randclear(state);
}

TEST_CASE(
    "random shapes and planted ranks (repeated SEPRANK_TEST_MULTIPLIER times): exact, mod p and the kernel agree") {
  flint_rand_t state;
  flint_randinit(state);
  const std::uint64_t p = draw_prime(5);
  for (int iter = 0; iter < 60 * seprank::testing::test_multiplier(); ++iter) {
    const long rows = 1 + static_cast<long>(n_randint(state, 24)), cols = 1 + static_cast<long>(n_randint(state, 24));
    const long rank = static_cast<long>(n_randint(state, static_cast<ulong>(std::min(rows, cols) + 1)));
    CAPTURE(iter);
    CAPTURE(rows);
    CAPTURE(cols);
    CAPTURE(rank);
    const auto a = planted(rows, cols, rank, state);
    CHECK(exact_rank(a) == rank);
    CHECK(rank_mod_p(a, p) == rank);  // 20-bit entries mixed: p | every rank-sized minor has probability about 2^-62
    CHECK(static_cast<long>(kernel_basis(a).size()) == cols - rank);
  }
  flint_randclear(state);
}

TEST_CASE("rank mod p can only drop: a matrix with determinant p") {
  const std::uint64_t p = draw_prime(1);
  integer_matrix a;
  a.rows = a.cols = 2;
  a.entries = {{0, 0, mpz_class(std::to_string(p))}, {1, 1, 1}};  // det = p
  CHECK(exact_rank(a) == 2);
  CHECK(rank_mod_p(a, p) == 1);
}

TEST_CASE("drawn primes: 62-bit primes, reproducible") {
  for (std::uint64_t s : {0ULL, 1ULL, 12345ULL}) {
    const std::uint64_t p = draw_prime(s);
    CHECK(p >= (1ULL << 61));
    CHECK(p < (1ULL << 62));
    CHECK(n_is_prime(p));
    CHECK(p == draw_prime(s));
  }
  CHECK(draw_prime(1) != draw_prime(2));
}

TEST_CASE("Hadamard bound and the error bound, by hand") {
  integer_matrix a;
  a.rows = a.cols = 2;
  a.entries = {{0, 0, 3}, {0, 1, 4}, {1, 1, 2}};  // row norms 5 and 2: bound 10
  CHECK(log2_hadamard_bound(a) == doctest::Approx(std::log2(10.0)));
  const std::uint64_t p62 = draw_prime(1), p26 = 33554467;  // 2^25 + 35, prime
  REQUIRE(n_is_prime(p26));
  CHECK(rank_error_bound(60.0, p62) == 0.0);  // no 62-bit prime divides a number below 2^60
  CHECK(rank_error_bound(610.0, p62) == doctest::Approx(10 * 1550.0 / std::ldexp(1.0, 61)));
  // A prime in [2^25, 2^26): at most floor(250/25) = 10 of them divide a minor below 2^250, each drawn with
  // probability at most 250 / 2^25 (the largest prime gap below 2^29 is 250), not the 2^61 formula.
  CHECK(rank_error_bound(250.0, p26) == doctest::Approx(10 * 250.0 / std::ldexp(1.0, 25)));
  CHECK(rank_error_bound(1e9, p26) == 1.0);  // a probability is at most 1
}

TEST_CASE("kernel vectors are primitive") {
  integer_matrix a;  // [2 4 6]: kernel spanned by (-2, 1, 0), (-3, 0, 1) up to sign and content
  a.rows = 1, a.cols = 3;
  a.entries = {{0, 0, 2}, {0, 1, 4}, {0, 2, 6}};
  for (const auto& v : kernel_basis(a)) {
    mpz_class g = 0;
    for (const auto& x : v) g = gcd(g, x);
    CHECK(g == 1);
    CHECK(2 * v[0] + 4 * v[1] + 6 * v[2] == 0);
  }
}

TEST_CASE("ranks on BLAS (FFLAS-FFPACK) equal FLINT's mod the same prime, planted ranks included") {
  if (!fflas_available()) {
    seprank::testing::skip_case(
        "FFLAS-FFPACK is not in this build or this processor lacks AVX2/FMA: the BLAS path is not used");
    return;
  }
  const std::uint64_t p = n_nextprime(std::uint64_t{1} << 25, 1);  // below 2^26
  flint_rand_t state;
  flint_randinit(state);
  // Rank r planted as a product of rows x r and r x cols random factors mod p (rank exactly r with high probability;
  // FLINT's rank is the second computation): full, wide of half rank, rank one, zero, tall one short.
  struct shape {
    long rows, cols, rank;
  };
  for (const shape sh :
       {shape{700, 650, 650}, shape{640, 900, 300}, shape{800, 800, 1}, shape{620, 610, 0}, shape{1200, 600, 599}}) {
    CAPTURE(sh.rows);
    CAPTURE(sh.cols);
    CAPTURE(sh.rank);
    nmod_matrix A(sh.rows, sh.rank, p), B(sh.rank, sh.cols, p), C(sh.rows, sh.cols, p);
    nmod_mat_randfull(A.m, state);
    nmod_mat_randfull(B.m, state);
    if (sh.rank > 0) nmod_mat_mul(C.m, A.m, B.m);
    std::vector<double> d(static_cast<std::size_t>(sh.rows * sh.cols));
    for (long i = 0; i < sh.rows; ++i)
      for (long j = 0; j < sh.cols; ++j)
        d[static_cast<std::size_t>(i * sh.cols + j)] = static_cast<double>(nmod_mat_entry(C.m, i, j));
    const long on_blas = fflas_rank(d, sh.rows, sh.cols, p, 2);
    CHECK(on_blas == nmod_mat_rank(C.m));
    CHECK(on_blas == sh.rank);
  }
  flint_randclear(state);
  std::vector<double> empty;
  CHECK(fflas_rank(empty, 0, 5, p, 1) == 0);
  std::vector<double> one{1.0};
  CHECK_THROWS_AS(fflas_rank(one, 1, 1, n_nextprime(std::uint64_t{1} << 26, 1), 1),
                  std::logic_error);                               // prime too large
  CHECK_THROWS_AS(fflas_rank(one, 2, 1, p, 1), std::logic_error);  // wrong size
}

TEST_CASE("ranks on BLAS of sparse integer matrices: rank_mod_p_fastest reduces signed and large entries like FLINT") {
  if (!fflas_available()) {
    seprank::testing::skip_case(
        "FFLAS-FFPACK is not in this build or this processor lacks AVX2/FMA: the BLAS path is not used");
    return;
  }
  flint_rand_t state;
  flint_randinit(state);
  const std::uint64_t p = 67108859;  // the largest prime below 2^26, the largest BLAS takes
  // Planted over Z (fmpz_mat_randrank: entries of 20 bits, then row operations: signed, some beyond 2^26), at least
  // 400 on each side so that the BLAS path is taken; exact_rank is the second, independent computation.
  for (auto [rows, cols, rank] : {std::array<long, 3>{420, 410, 410}, {400, 450, 123}, {500, 400, 0}}) {
    CAPTURE(rows);
    CAPTURE(rank);
    integer_matrix a = planted(rows, cols, rank, state, 8 * (rows + cols));  // enough to mix, and entries beyond p
    bool large = false;
    for (const auto& e : a.entries) large = large || abs(e.value) > mpz_class(p);
    CHECK((rank == 0 || large));
    CHECK(rank_mod_p_fastest(a, p, 2) == rank_mod_p(a, p));
    CHECK(rank_mod_p_fastest(a, p, 2) == rank);
  }
  flint_randclear(state);
  // Below the BLAS sizes, or with a prime BLAS cannot take, the same number through FLINT.
  integer_matrix small;
  small.rows = 2, small.cols = 2;
  small.entries = {{0, 0, mpz_class(-3)}, {1, 1, mpz_class(5)}};
  CHECK(rank_mod_p_fastest(small, 5) == 1);
  CHECK(rank_mod_p_fastest(small, n_nextprime(std::uint64_t{1} << 40, 1)) == 2);
}

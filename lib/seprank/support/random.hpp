// SplitMix64 (Steele, Lea, Flood 2014): the one pseudo-random source of the project (weight draws,
// random points, random primes). A fixed, portable sequence for a given seed.
#pragma once
#include <cstdint>

namespace seprank {

struct splitmix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

// The first output of SplitMix64 seeded with x: a well-mixed hash of x.
inline std::uint64_t splitmix_hash(std::uint64_t x) { return splitmix64{x}.next(); }

// The independent random streams drawn from one user seed: each use XORs its own constant into the seed
// (the values are fixed: they decide every printed prime and point, so outputs stay reproducible).
enum class random_stream : std::uint64_t {
  check_points = 0x5eed5eed5eed5eedULL,      // integer points of the forward-pass check of the expansion
  gram_check_prime = 0x6772616d2d707473ULL,  // the prime of the Gram form's evaluation check
  gram_check_points = 0x706f696e7473ULL,     // its points
  grid = 0x67726964ULL,                      // the grid's prime
  certificate_prime = 0x63657274ULL,         // the certificate's prime
  certificate_points = 0x63657274696669ULL,  // the certificate's points
  element_sample = 0x656c656d656e7473ULL,    // the element ranks checked independently
  small_prime = 0x736d616c6cULL,             // the Gram rank's prime for large blocks (seeded by the main prime)
  gram_block_sample = 0x6772616d626c6bULL,   // the Gram blocks' sampled rows and columns (seeded by the main prime)
};

// The seed of one stream.
inline std::uint64_t stream_seed(std::uint64_t seed, random_stream s) { return seed ^ static_cast<std::uint64_t>(s); }

}  // namespace seprank

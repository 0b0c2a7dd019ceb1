#include "seprank/json.hpp"

#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace seprank {
namespace {

void write_string(std::ostream& out, const std::string& s) {
  out << '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out << "\\\""; break;
      case '\\': out << "\\\\"; break;
      case '\n': out << "\\n"; break;
      case '\t': out << "\\t"; break;
      case '\r': out << "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out << buf;
        } else {
          out << c;
        }
    }
  }
  out << '"';
}

struct parser {
  const std::string& s;
  std::size_t i = 0;

  [[noreturn]] void fail(const char* what) const {
    throw std::invalid_argument(std::string("JSON: ") + what + " at offset " + std::to_string(i));
  }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  }
  bool eat(char c) {
    ws();
    if (i < s.size() && s[i] == c) return ++i, true;
    return false;
  }
  std::string str() {
    if (!eat('"')) fail("expected a string");
    std::string out;
    while (i < s.size() && s[i] != '"') {
      char c = s[i++];
      if (c == '\\') {
        if (i >= s.size()) fail("bad escape");
        const char e = s[i++];
        switch (e) {
          case 'n': c = '\n'; break;
          case 't': c = '\t'; break;
          case 'r': c = '\r'; break;
          case 'u': {
            if (i + 4 > s.size()) fail("bad \\u escape");
            c = static_cast<char>(std::stoi(s.substr(i, 4), nullptr, 16));
            i += 4;
            break;
          }
          default: c = e;
        }
      }
      out += c;
    }
    if (i >= s.size()) fail("unterminated string");
    ++i;
    return out;
  }
  json value() {
    ws();
    if (i >= s.size()) fail("unexpected end");
    if (s[i] == '{') {
      ++i;
      json o = json::object();
      if (eat('}')) return o;
      do {
        std::string k = str();
        if (!eat(':')) fail("expected ':'");
        o.set(k, value());
      } while (eat(','));
      if (!eat('}')) fail("expected '}'");
      return o;
    }
    if (s[i] == '[') {
      ++i;
      json a = json::array();
      if (eat(']')) return a;
      do a.push(value());
      while (eat(','));
      if (!eat(']')) fail("expected ']'");
      return a;
    }
    if (s[i] == '"') return json::text(str());
    if (s.compare(i, 4, "true") == 0) return i += 4, json::boolean(true);
    if (s.compare(i, 5, "false") == 0) return i += 5, json::boolean(false);
    if (s.compare(i, 4, "null") == 0) return i += 4, json();
    const std::size_t start = i;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '-' || s[i] == '+' ||
                            s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
      ++i;
    if (start == i) fail("unexpected character");
    return json::parse_number_literal(s.substr(start, i - start));
  }
};

}  // namespace

json json::text(std::string s) {
  json j;
  j.kind_ = kind::string;
  j.scalar_ = std::move(s);
  return j;
}
json json::number(long long v) {
  json j;
  j.kind_ = kind::number;
  j.scalar_ = std::to_string(v);
  return j;
}
json json::number(double v) {
  json j;
  j.kind_ = kind::number;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  j.scalar_ = buf;
  return j;
}
json json::boolean(bool b) {
  json j;
  j.kind_ = kind::boolean;
  j.scalar_ = b ? "true" : "false";
  return j;
}
json json::object() {
  json j;
  j.kind_ = kind::object;
  return j;
}
json json::array() {
  json j;
  j.kind_ = kind::array;
  return j;
}

json& json::set(const std::string& key, json value) {
  members_.emplace_back(key, std::move(value));
  return *this;
}
json& json::push(json value) {
  elements_.push_back(std::move(value));
  return *this;
}
const json* json::find(const std::string& key) const {
  for (const auto& [k, v] : members_)
    if (k == key) return &v;
  return nullptr;
}

void json::write(std::ostream& out, int indent) const {
  const std::string pad(indent + 2, ' '), end_pad(indent, ' ');
  switch (kind_) {
    case kind::null: out << "null"; break;
    case kind::boolean:
    case kind::number: out << scalar_; break;
    case kind::string: write_string(out, scalar_); break;
    case kind::object:
      if (members_.empty()) {
        out << "{}";
        break;
      }
      out << "{\n";
      for (std::size_t k = 0; k < members_.size(); ++k) {
        out << pad;
        write_string(out, members_[k].first);
        out << ": ";
        members_[k].second.write(out, indent + 2);
        out << (k + 1 < members_.size() ? ",\n" : "\n");
      }
      out << end_pad << "}";
      break;
    case kind::array:
      if (elements_.empty()) {
        out << "[]";
        break;
      }
      out << "[\n";
      for (std::size_t k = 0; k < elements_.size(); ++k) {
        out << pad;
        elements_[k].write(out, indent + 2);
        out << (k + 1 < elements_.size() ? ",\n" : "\n");
      }
      out << end_pad << "]";
      break;
  }
}

json json::parse_number_literal(const std::string& literal) {
  json j;
  j.kind_ = kind::number;
  j.scalar_ = literal;
  return j;
}

json json::parse(const std::string& text) {
  parser p{text};
  json v = p.value();
  p.ws();
  if (p.i != text.size()) p.fail("trailing characters");
  return v;
}

}  // namespace seprank

#include "seprank/support/errors.hpp"

#include <algorithm>

namespace seprank {

std::string python_keyword(const std::string& id) {
  std::string k = id;
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

option_message::option_message(std::string text) {
  if (!text.empty()) parts_.emplace_back(std::move(text));
}
option_message::option_message(const char* text) : option_message(std::string(text)) {}
option_message::option_message(option_id option) { parts_.emplace_back(std::move(option)); }

option_message& option_message::operator+=(const option_message& more) {
  parts_.insert(parts_.end(), more.parts_.begin(), more.parts_.end());
  return *this;
}

option_message operator+(option_message a, const option_message& b) { return a += b; }

std::string option_message::cli() const {
  std::string out;
  for (const auto& p : parts_)
    if (const auto* o = std::get_if<option_id>(&p))
      out += (o->as == option_id::form::name ? "" : "--") + o->id +
             (o->as == option_id::form::setting ? " " + o->value : "");
    else
      out += std::get<std::string>(p);
  return out;
}

std::string option_message::python() const {
  std::string out;
  for (const auto& p : parts_)
    if (const auto* o = std::get_if<option_id>(&p))
      out += python_keyword(o->id) + (o->as == option_id::form::setting ? "=" + o->value : "");
    else
      out += std::get<std::string>(p);
  return out;
}

std::vector<std::string> option_message::options() const {
  std::vector<std::string> ids;
  for (const auto& p : parts_)
    if (const auto* o = std::get_if<option_id>(&p)) ids.push_back(o->id);
  return ids;
}

}  // namespace seprank

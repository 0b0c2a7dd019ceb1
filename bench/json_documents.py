"""The JSON documents of a file that holds several, one after another (seprank-sym's output appended per run)."""
import json


def json_documents(text):
    dec = json.JSONDecoder()
    i = 0
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        doc, i = dec.raw_decode(text, i)
        yield doc

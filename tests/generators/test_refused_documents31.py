"""A notice refusing a presentation of documents says what becomes of the documents, as the rule it is given under
requires (blind read 31: a refusal of documents under a credit that 'does not say what happens to the documents')."""

from __future__ import annotations

from tests.generators.test_compose_docs_genres9 import _composed


def test_a_refusal_of_documents_says_whether_they_are_held_or_returned_and_sets_no_day():
    for fixture, needle, purpose, said in (
            ("aircraft-redelivery", "Notice of non-compliance",
             "The bank's notice refusing the presentation under the standby letter of credit, holding the documents.",
             "We are holding the documents at your disposal pending your further instructions."),
            ("supply-surcharge", "Notice of dispute under clause 14.1",
             "The bank's notice refusing the documents presented under the guarantee and returning them.",
             "We are returning the documents to you.")):
        ctx, heads, text = _composed(fixture, needle, doc_type="letter", purpose=purpose,
                                     title="Notice of refusal of documents presented under the credit")
        assert said in text, text
        assert text.count("the documents at your disposal") + text.count("returning the documents") == 1, text
        assert "response by" not in text and "grateful for your response" not in text, text  # (no day set)

"""Agreements that are the agreement their title names (issue 17, blind read 37): one governing law, the one the record
states; a patent licence that grants a licence of patents, not a hosted subscription."""
import datetime as dt
import re

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Text
from tests.generators.context_fixture import document_context, fact, person


def _ctx(title: str, facts: list, summary: str, locale: str = "en_US"):
    orgs = [OrgRef(name="Harrow Quill LLP", role="counsel to Veltrane Sensors Inc."),
            OrgRef(name="Veltrane Sensors Inc.", role="patent owner and licensor under the patent licence agreement"),
            OrgRef(name="Ostrava Devices Ltd", role="opposing party; licensee under the patent licence agreement")]
    gc = person("gc_1", "Beth", "Morgan", "General Counsel", "Veltrane Sensors Inc.", "veltrane.example", "+1")
    le = person("le_1", "Hollie", "Saunders", "Counsel", "Ostrava Devices Ltd", "ostrava.example", "+1")
    c = document_context("agreement", 10, seed=3, facts=facts)
    return c.model_copy(update={
        "organisations": orgs, "world_summary": summary, "window_start": dt.date(2028, 3, 6), "locale": locale,
        "to": [le], "author": gc, "world_title": "Veltrane v Ostrava royalty audit",
        "spec": c.spec.model_copy(update={"title": title, "date": dt.date(2028, 3, 8),
                                          "purpose": "The agreement as produced."})})


def _prose(doc) -> str:
    return " ".join(p for s in doc.sections for p in s.paragraphs)


_LAW = fact("governing_law", "The licence agreement is governed by Illinois law.", Text(value="Illinois law"))
_ROYALTY = fact("royalty_rate", "The running royalty under the licence is 3% of Net Sales of Licensed Products.",
                Text(value="3% of Net Sales"))
_SUMMARY = "Veltrane licensed its sensor patents to Ostrava; a royalty audit found USD 1,240,000 of royalties unpaid."


def test_an_agreement_is_governed_by_the_one_law_the_record_states():
    # read 37: a settlement draft 'saying New York law in one clause and Illinois law in another'
    for title in ("Settlement agreement (draft)", "Patent Licence Agreement (as produced)", "Side agreement"):
        prose = _prose(compose_document(_ctx(title, [_LAW, _ROYALTY], _SUMMARY)))
        laws = set(re.findall(r"laws? of the (?:State|Commonwealth) of (\w+(?: \w+)?)", prose))
        assert laws == {"Illinois"}, (title, laws, prose)
        assert "New York" not in prose, (title, prose)


def test_a_patent_licence_grants_a_licence_of_the_patents_the_record_numbers_for_a_royalty_it_may_audit():
    # read 37: a patent licence 'as produced' whose text was 'Licensor provides its software platform as a hosted
    # subscription service', with no grant clause and no licensed patents
    patent = fact("licensed_patent", "The licensed patent is US Patent No. 9,412,778 on the sensor calibration method.",
                  Text(value="US Patent No. 9,412,778"))
    cited = fact("audit_clause", "Clause 9.2 of the licence lets the licensor audit the licensee's books once a year.",
                 Text(value="once a year"))
    royalty = fact("royalty_clause", "Clause 4.1 of the licence sets the running royalty at 3% of Net Sales.",
                   Text(value="3% of Net Sales"))
    for facts in ([patent, cited, royalty], [patent, _ROYALTY], [_ROYALTY]):  # in articles it cites, and in clauses
        doc = compose_document(_ctx("Patent Licence Agreement (as produced)", facts, _SUMMARY))
        prose = _prose(doc)
        heads = " ".join(s.heading for s in doc.sections)
        assert not re.search(r"(?i)subscri|hosted|order form|service level", prose + heads), prose
        assert re.search(r"Licensor grants Licensee a non-exclusive, non-transferable licence under the Licensed "
                         r"Patents", prose), prose
        assert "Grant of Licence" in heads and "Royalties, Reports and Audit" in heads, heads
        assert "independent accountant inspect those records" in prose, prose
        numbered = re.findall(r"Patent No\. [\d,]+", prose)
        # the patents the record numbers, and none it does not
        assert set(numbered) == ({"Patent No. 9,412,778"} if patent in facts else set()), (numbered, prose)


def test_a_share_purchase_styles_its_parties_seller_and_buyer_and_sells_the_shares_for_an_adjusted_price():
    # read 37: SPA extracts 'that call the seller "the Client"', another whose definitions read 'Client means Banca
    # Popolare ... and Halcyon Ridge Credit Partners means Halcyon Ridge Credit Partners'
    from worldsmith.generators.compose.substance.agreement import party_roles

    price = fact("purchase_price", "The purchase price for the shares is EUR 48,500,000.",
                 Money(amount=48500000, currency="EUR"))
    ctx = _ctx("Share purchase agreement (extracts)", [price],
               "Banca Popolare di Valdarno sold Orsa Servizi S.p.A. to Halcyon Ridge Credit Partners.", "it_IT")
    ctx = ctx.model_copy(update={"organisations": [
        OrgRef(name="Studio Legale Ferri", role="counsel to Banca Popolare di Valdarno S.p.A."),
        OrgRef(name="Banca Popolare di Valdarno S.p.A.", role="client; vendor of the shares in Orsa Servizi S.p.A."),
        OrgRef(name="Halcyon Ridge Credit Partners", role="private credit fund bidding for Orsa Servizi S.p.A.")],
        "author": person("gc_2", "Luca", "Bruni", "General Counsel", "Banca Popolare di Valdarno S.p.A.", "bpv.example",
                         "+39"),
        "to": [person("pa_1", "Anna", "Kerr", "Partner", "Halcyon Ridge Credit Partners", "halcyon.example", "+44")]})
    assert party_roles(ctx, "Banca Popolare di Valdarno S.p.A.", "Halcyon Ridge Credit Partners") == ("Seller", "Buyer")
    assert party_roles(ctx, "Halcyon Ridge Credit Partners", "Banca Popolare di Valdarno S.p.A.") == ("Buyer", "Seller")
    prose = _prose(compose_document(ctx))
    assert "Client" not in prose and not re.search(r"\b(\w[\w .]+) means \1\b", prose), prose
    assert "The Seller shall sell and the Buyer shall buy the Shares" in prose, prose
    assert "The price is adjusted" in prose, prose
    # the buyer named first (a BidCo as party (1)) still buys
    first = _prose(compose_document(ctx.model_copy(update={"author": ctx.to[0], "to": [ctx.author]})))
    assert "(1) Halcyon Ridge Credit Partners (the Buyer)" in first, first
    assert "The Seller shall sell and the Buyer shall buy the Shares" in first, first


def test_an_experts_mission_letter_is_made_by_both_sides_that_appoint_and_states_the_mission_and_timetable():
    # read 37: a French expert's mission letter under art. 1592 Code civil with the mission under 'Limitation of
    # Liability' and the sellers left out of the parties
    clause = fact("expert_clause", "Clause 3.4 of the SPA refers any dispute on the earn-out to an expert acting under "
                                   "article 1592 of the Code civil.", Text(value="article 1592"))
    earn = fact("earnout", "The disputed earn-out for 2026 is EUR 6,400,000.", Money(amount=6400000, currency="EUR"))
    ctx = _ctx("Mission letter: expert under article 1592 of the Code civil", [clause, earn],
               "Famille Bertin Holding sold Bertin Optique SAS to Optivance Group SA; the 2026 earn-out is referred "
               "to an expert.", "fr_FR")
    expert = person("ex_1", "Marc", "Delmas", "Expert", "Cabinet Delmas Expertise", "delmas.example", "+33")
    ctx = ctx.model_copy(update={"organisations": [
        OrgRef(name="Cabinet Roussel Avocats", role="counsel to the sellers"),
        OrgRef(name="Famille Bertin Holding", role="sellers of Bertin Optique SAS under the SPA"),
        OrgRef(name="Optivance Group SA", role="buyer of Bertin Optique SAS; opposing party"),
        OrgRef(name="Cabinet Delmas Expertise", role="expert appointed under article 1592 of the Code civil")],
        "author": person("av_1", "Claire", "Roussel", "Partner", "Cabinet Roussel Avocats", "roussel.example", "+33"),
        "to": [expert]})
    doc = compose_document(ctx)
    paras = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    parties = paras["Parties"]
    assert "Famille Bertin Holding (the Sellers)" in parties and "Optivance Group SA (the Buyer)" in parties and \
        "Cabinet Delmas Expertise (the Expert)" in parties, parties
    mission = next(v for h, v in paras.items() if h.endswith("The Mission"))
    assert "jointly appoint the Expert under Clause 3.4 of the SPA" in mission and "article 1592" in mission, mission
    assert any(h.endswith("Timetable") for h in paras), list(paras)
    assert not any("Limitation of Liability" in h and "appoint" in v for h, v in paras.items()), paras
    signed = re.findall(r"Signed for and on behalf of ([^(]+) \(", paras["Signatures"])
    assert [s.strip() for s in signed] == ["Famille Bertin Holding", "Optivance Group SA", "Cabinet Delmas Expertise"]

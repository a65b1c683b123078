"""A record's number written the Brazilian way stays a number of a record, not a figure read the English way
(blind read 34: a right review naming 'Auto de Infração ... no. 4.187.332-5.docx' as its source lost the criterion
that it names a source file, 0.86, because the reader rewrote the file's name to '4,187,332-5')."""

from worldsmith.environments import answers
from worldsmith.environments.grade import mentions

PATH = "Processo/Autuação/Auto de Infração e Imposição de Multa (AIIM) no. 4.187.332-5.docx"


def test_a_files_name_and_a_records_number_are_read_as_written():
    answer = f"Wrong: BRL 154,000 -> BRL 146,300 (the fine less the fine on the remaining principal; {PATH})"
    assert mentions(answers.untable(answers.as_read(answer)), PATH)
    assert "4.187.332-5 was served" in answers.as_read("AIIM no. 4.187.332-5 was served")


def test_european_figures_are_still_read_the_english_way():
    assert answers.as_read("R$ 7.284.454,04 total") == "R$ 7,284,454.04 total"
    assert answers.as_read("the fine of R$ 3.184.600 stands") == "the fine of R$ 3,184,600 stands"
    assert answers.as_read("EUR 1.000.000-2.000.000") == "EUR 1,000,000-2,000,000"

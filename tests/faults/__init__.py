"""The failing cases of the reliability review of commit 47c25cd, one test each.

Each test makes the review's fault (a broken data file, a bad argument, a planted link)
on a private copy and asserts what the edition must do instead: a located finding or
warning, a one-line error, a file left alone. The test names carry the review's defect
(``d1`` …) and case (``n28``, ``o2b`` …), so a reader can go from a case to its test.
"""

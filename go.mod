module github.com/rules-fragment/rules_fragment

go 1.26

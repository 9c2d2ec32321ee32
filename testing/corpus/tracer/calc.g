class CalcParser extends Parser;
options { buildAST = true; }
expr : sum EOF! ;
sum : product ((PLUS^|MINUS^) product)* ;
product : atom ((STAR^|SLASH^) atom)* ;
atom : NUM | LPAREN! sum RPAREN! ;

class CalcLexer extends Lexer;
WS : (' '|'\t'|'\n'|'\r') { _ttype = Token.SKIP; } ;
LPAREN : '(' ;
RPAREN : ')' ;
PLUS : '+' ;
MINUS : '-' ;
STAR : '*' ;
SLASH : '/' ;
NUM : ('0'..'9')+ ;

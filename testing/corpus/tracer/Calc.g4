// A calculator grammar for the tracer's ANTLR 4 run: labelled alternatives,
// left recursion with precedence, lexer modes and commands, actions.
grammar Calc;

prog : stat+ EOF ;

stat
  : 'let' ID '=' expr ';'          # Let
  | 'print' expr (',' expr)* ';'   # Print
  | 'if' cond 'then' stat ('else' stat)?  # If
  | '{' stat* '}'                  # Block
  ;

cond : expr op=('<' | '<=' | '>' | '>=' | '==' | '!=') expr ;

expr
  : <assoc=right> expr '^' expr    # Pow
  | '-' expr                       # Neg
  | expr op=('*' | '/' | '%') expr # Mul
  | expr op=('+' | '-') expr       # Add
  | ID '(' (expr (',' expr)*)? ')' # Call
  | NUMBER                         # Num
  | ID                             # Var
  | STRING                         # Str
  | '(' expr ')'                   # Parens
  ;

ID     : [a-zA-Z_] [a-zA-Z_0-9]* ;
NUMBER : [0-9]+ ('.' [0-9]+)? ([eE] [+-]? [0-9]+)? ;
STRING : '"' (~["\\\r\n] | '\\' .)* '"' ;
COMMENT : '/*' .*? '*/' -> skip ;
LINE_COMMENT : '//' ~[\r\n]* -> channel(HIDDEN) ;
WS     : [ \t\r\n]+ -> skip ;

/* A lexer for a small calculator language (JFlex syntax), for the parser
   of calc.cup: numbers, identifiers, keywords, operators, strings with
   escapes, nested comments. */
import java_cup.runtime.Symbol;

%%

%class CalcLexer
%public
%unicode
%cup
%line
%column
%state STRING, COMMENT

%{
  private final StringBuilder string = new StringBuilder();
  private int commentDepth;

  private Symbol symbol(int type) {
    return new Symbol(type, yyline, yycolumn);
  }
  private Symbol symbol(int type, Object value) {
    return new Symbol(type, yyline, yycolumn, value);
  }
%}

Digit      = [0-9]
Letter     = [a-zA-Z_]
Ident      = {Letter}({Letter}|{Digit})*
Int        = 0 | [1-9]{Digit}*
Exp        = [eE][+-]?{Digit}+
Real       = {Digit}+ "." {Digit}* {Exp}? | {Digit}+ {Exp}
LineEnd    = \r | \n | \r\n
White      = {LineEnd} | [ \t\f]
LineComment = "//" [^\r\n]* {LineEnd}?

%%

<YYINITIAL> {
  "let"         { return symbol(sym.LET); }
  "in"          { return symbol(sym.IN); }
  "if"          { return symbol(sym.IF); }
  "then"        { return symbol(sym.THEN); }
  "else"        { return symbol(sym.ELSE); }
  "print"       { return symbol(sym.PRINT); }
  "+"           { return symbol(sym.PLUS); }
  "-"           { return symbol(sym.MINUS); }
  "*"           { return symbol(sym.TIMES); }
  "/"           { return symbol(sym.DIVIDE); }
  "%"           { return symbol(sym.MOD); }
  "^"           { return symbol(sym.POW); }
  "("           { return symbol(sym.LPAREN); }
  ")"           { return symbol(sym.RPAREN); }
  ","           { return symbol(sym.COMMA); }
  ";"           { return symbol(sym.SEMI); }
  "="           { return symbol(sym.ASSIGN); }
  "=="          { return symbol(sym.EQ); }
  "!="          { return symbol(sym.NE); }
  "<"           { return symbol(sym.LT); }
  "<="          { return symbol(sym.LE); }
  ">"           { return symbol(sym.GT); }
  ">="          { return symbol(sym.GE); }
  {Int}         { return symbol(sym.INT, Integer.valueOf(yytext())); }
  {Real}        { return symbol(sym.REAL, Double.valueOf(yytext())); }
  {Ident}       { return symbol(sym.IDENT, yytext()); }
  \"            { string.setLength(0); yybegin(STRING); }
  "(*"          { commentDepth = 1; yybegin(COMMENT); }
  {White}+      { }
  {LineComment} { }
}

<STRING> {
  \"            { yybegin(YYINITIAL); return symbol(sym.STRING, string.toString()); }
  [^\n\r\"\\]+  { string.append(yytext()); }
  \\t           { string.append('\t'); }
  \\n           { string.append('\n'); }
  \\\"          { string.append('\"'); }
  \\\\          { string.append('\\'); }
}

<COMMENT> {
  "(*"          { commentDepth++; }
  "*)"          { if (--commentDepth == 0) yybegin(YYINITIAL); }
  [^*(]+ | "*" | "(" { }
}

[^]             { throw new Error("illegal character <" + yytext() + "> at line " + (yyline + 1)); }

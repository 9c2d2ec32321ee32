/* A lexer for a small calculator language (JLex 1.2 syntax): numbers,
   identifiers, keywords, operators, strings with escapes, comments. */
import java.util.Vector;

class Token {
  final String kind, text;
  final int line;
  Token(String kind, String text, int line) { this.kind = kind; this.text = text; this.line = line; }
  public String toString() { return kind + "(" + text + ")@" + line; }
}
%%

%class CalcLexer
%type Token
%line
%char
%state COMMENT, STRING
%eofval{
  return new Token("EOF", "", yyline);
%eofval}
%{
  private StringBuffer string = new StringBuffer();
  private int commentDepth = 0;
  private Token tok(String kind) { return new Token(kind, yytext(), yyline); }
%}

DIGIT=[0-9]
LETTER=[A-Za-z_]
ALNUM=[A-Za-z_0-9]
WHITE=[\ \t\r\n\f]
EXP=[eE][+-]?{DIGIT}+

%%

<YYINITIAL> "let"     { return tok("LET"); }
<YYINITIAL> "in"      { return tok("IN"); }
<YYINITIAL> "if"      { return tok("IF"); }
<YYINITIAL> "then"    { return tok("THEN"); }
<YYINITIAL> "else"    { return tok("ELSE"); }
<YYINITIAL> "print"   { return tok("PRINT"); }
<YYINITIAL> "fun"     { return tok("FUN"); }
<YYINITIAL> "+"       { return tok("PLUS"); }
<YYINITIAL> "-"       { return tok("MINUS"); }
<YYINITIAL> "*"       { return tok("TIMES"); }
<YYINITIAL> "/"       { return tok("DIVIDE"); }
<YYINITIAL> "%"       { return tok("MOD"); }
<YYINITIAL> "^"       { return tok("POW"); }
<YYINITIAL> "("       { return tok("LPAREN"); }
<YYINITIAL> ")"       { return tok("RPAREN"); }
<YYINITIAL> ","       { return tok("COMMA"); }
<YYINITIAL> ";"       { return tok("SEMI"); }
<YYINITIAL> "="       { return tok("EQ"); }
<YYINITIAL> "=="      { return tok("EQEQ"); }
<YYINITIAL> "!="      { return tok("NE"); }
<YYINITIAL> "<"       { return tok("LT"); }
<YYINITIAL> "<="      { return tok("LE"); }
<YYINITIAL> ">"       { return tok("GT"); }
<YYINITIAL> ">="      { return tok("GE"); }
<YYINITIAL> "->"      { return tok("ARROW"); }
<YYINITIAL> {DIGIT}+  { return tok("INT"); }
<YYINITIAL> {DIGIT}+"."{DIGIT}*({EXP})? { return tok("REAL"); }
<YYINITIAL> {DIGIT}+{EXP} { return tok("REAL"); }
<YYINITIAL> {LETTER}{ALNUM}* { return tok("IDENT"); }
<YYINITIAL> {WHITE}+  { }
<YYINITIAL> "//"[^\n]* { }
<YYINITIAL> "(*"      { commentDepth = 1; yybegin(COMMENT); }
<COMMENT>   "(*"      { commentDepth++; }
<COMMENT>   "*)"      { if (--commentDepth == 0) yybegin(YYINITIAL); }
<COMMENT>   [^*(]+    { }
<COMMENT>   "*"|"("   { }
<YYINITIAL> \"        { string.setLength(0); yybegin(STRING); }
<STRING>    \"        { yybegin(YYINITIAL); return new Token("STRING", string.toString(), yyline); }
<STRING>    \\n       { string.append('\n'); }
<STRING>    \\t       { string.append('\t'); }
<STRING>    \\\"      { string.append('"'); }
<STRING>    \\\\      { string.append('\\'); }
<STRING>    [^\n\"\\]+ { string.append(yytext()); }
<YYINITIAL> .         { return tok("ERROR"); }

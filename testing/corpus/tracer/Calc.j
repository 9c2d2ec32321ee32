.class public Calc
.super java/lang/Object

.method public <init>()V
   aload_0
   invokespecial java/lang/Object/<init>()V
   return
.end method

.method public static eval(II)I
   .limit stack 3
   .limit locals 2
   iload_0
   iload_1
   imul
   iload_0
   iadd
   ireturn
.end method

.method public static main([Ljava/lang/String;)V
   .limit stack 4
   .limit locals 1
   getstatic java/lang/System/out Ljava/io/PrintStream;
   bipush 6
   bipush 7
   invokestatic Calc/eval(II)I
   invokevirtual java/io/PrintStream/println(I)V
   return
.end method

<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text"/>
  <xsl:template match="/calc">
    <xsl:for-each select="op">
      <xsl:value-of select="@kind"/>: <xsl:choose>
        <xsl:when test="@kind='add'"><xsl:value-of select="sum(n)"/></xsl:when>
        <xsl:otherwise><xsl:value-of select="n[1] * n[2]"/></xsl:otherwise>
      </xsl:choose><xsl:text>&#10;</xsl:text>
    </xsl:for-each>
    <xsl:value-of select="concat('total ', count(//n))"/>
  </xsl:template>
</xsl:stylesheet>

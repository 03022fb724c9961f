<?xml version="1.0" encoding="UTF-8"?>
<!-- A collection of images with ids 0 and 5 only: 0 is a diamond, 5 solid by property. -->
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="16" tileheight="16" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image source="diamond.png" width="16" height="16"/>
  <objectgroup draworder="index">
   <object id="1" x="8" y="0">
    <polygon points="0,0 8,8 0,16 -8,8"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="5">
  <properties>
   <property name="solid" type="bool" value="true"/>
  </properties>
  <image source="block.png" width="16" height="16"/>
 </tile>
</tileset>

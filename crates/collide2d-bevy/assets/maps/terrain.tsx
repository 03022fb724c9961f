<?xml version="1.0" encoding="UTF-8"?>
<!-- The tiles of collide2d-bevy's test level (ground.tmx): 1 ground (solid by property),
     2 one-way platform (its top 4 pixels, one_way = up), 3 slope rising to the right. -->
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="16" tileheight="16" tilecount="3" columns="3">
 <image source="terrain.png" width="48" height="16"/>
 <tile id="0">
  <properties>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="one_way" value="up"/>
  </properties>
  <objectgroup draworder="index">
   <object id="1" x="0" y="0" width="16" height="4"/>
  </objectgroup>
 </tile>
 <tile id="2">
  <objectgroup draworder="index">
   <object id="1" x="0" y="16">
    <polygon points="0,0 16,-16 16,0"/>
   </object>
  </objectgroup>
 </tile>
</tileset>

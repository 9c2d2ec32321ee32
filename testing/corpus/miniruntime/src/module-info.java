module java.base { exports java.lang; }

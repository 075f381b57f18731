"""The round clock on screen: the projector window and the TD's operator panel."""



"""core/orders"""
